import Foundation
import ProjectManagerDomain

extension Activity.ID: ManagedID {}

/// An ``Activity`` as the store keeps it: with a sequence number that orders activities saved at
/// the same instant.
struct ActivityRecord: ManagedEntity, Hashable {
    static let entityName = "Activity"

    /// An activity belongs to a board; deleting the board deletes its history.
    static var relationships: [Relationship<ActivityRecord>] {
        [.required(\.boardID, to: Board.self, onDelete: .cascade)]
    }

    /// The name of the ordering of each board's activities by sequence number.
    static let history = "history"

    /// Each board's history, oldest first, read from its end for the newest.
    static var orderings: [EntityOrdering<ActivityRecord>] {
        [EntityOrdering(named: history, groupedBy: { $0.boardID }, orderedBy: { $0.sequence })]
    }

    var approximateByteCount: Int { 160 + projectTitle.utf8.count }

    let id: Activity.ID
    let boardID: Board.ID
    let projectID: Project.ID?
    let projectTitle: String
    let kind: Activity.Kind
    let date: Date
    let sequence: Int
    /// ``Activity/author``.
    var author: String?

    init(_ activity: Activity, sequence: Int) {
        id = activity.id
        boardID = activity.boardID
        projectID = activity.projectID
        projectTitle = activity.projectTitle
        kind = activity.kind
        date = activity.date
        author = activity.author
        self.sequence = sequence
    }

    /// The id of the activity with this sequence number: unique within its store, and drawn from
    /// no id generator, so that recording history leaves the ids of projects and boards as they are.
    static func id(sequence: Int) -> Activity.ID {
        let value = UInt64(truncatingIfNeeded: sequence)
        let bytes = (0..<8).map { UInt8(truncatingIfNeeded: value >> (8 * (7 - $0))) }
        return Activity.ID(
            rawValue: UUID(
                uuid: (
                    0x41, 0x43, 0x54, 0x49, 0x56, 0x49, 0x54, 0x59,
                    bytes[0], bytes[1], bytes[2], bytes[3], bytes[4], bytes[5], bytes[6], bytes[7]
                )))
    }

    /// The order of a board's history: by sequence number, then, for entries of one number (done
    /// on several replicas at once), by date, title and kind, which every replica holds alike.
    static func precedes(_ first: ActivityRecord, _ second: ActivityRecord) -> Bool {
        if first.sequence != second.sequence { return first.sequence < second.sequence }
        if first.date != second.date { return first.date < second.date }
        if first.projectTitle != second.projectTitle { return first.projectTitle < second.projectTitle }
        return "\(first.kind)" < "\(second.kind)"
    }

    var activity: Activity {
        Activity(
            id: id, boardID: boardID, projectID: projectID, projectTitle: projectTitle, kind: kind, date: date,
            author: author)
    }
}
