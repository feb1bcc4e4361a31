import ProjectManagerDomain

/// The loop of a screen that shows what it reads and acts on the user's events: it reads once,
/// then, after each event is handled and after each save the store reports, reads again and
/// delivers what it read when it changed. A failure is sent in the locale's words and the loop
/// goes on.
///
/// The list menu, the label editor, the archive and a card's detail screen run on it.
@MainActor
enum ReloadingScreen {
    /// Starts the loop over `events` and `changes`, and returns what it delivers and its failures.
    static func run<Event: Sendable, Value: Equatable & Sendable>(
        events: AsyncStream<Event>, changes: AsyncStream<RepositoryChange>, localizer: Localizer,
        handle: @escaping @MainActor (Event) async throws(RepositoryError) -> Void,
        read: @escaping @MainActor () async throws(RepositoryError) -> Value
    ) -> (values: AsyncStream<Value>, errors: AsyncStream<String>) {
        let values = OutputChannel<Value>()
        let errors = OutputChannel<String>()
        let work = AsyncStream<Work<Event>>.merging(events, Work.event, with: changes, { _ in Work.storeChanged })
        func reload() async {
            do throws(RepositoryError) {
                values.update(try await read())
            } catch {
                errors.send(localizer(.failure(error)))
            }
        }
        Task {
            await reload()
            for await item in work {
                if case .event(let event) = item {
                    do throws(RepositoryError) {
                        try await handle(event)
                    } catch {
                        errors.send(localizer(.failure(error)))
                    }
                }
                await reload()
            }
            values.finish()
            errors.finish()
        }
        return (values.stream, errors.stream)
    }

    private enum Work<Event: Sendable>: Sendable {
        case event(Event)
        case storeChanged
    }
}
