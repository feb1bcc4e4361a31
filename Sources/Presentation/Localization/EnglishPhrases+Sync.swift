import ProjectManagerDomain

extension EnglishPhrases {
    /// The error's own line of facts (its `description`), then what to do, where there is
    /// something to do. Addresses come redacted from the layers below.
    static func message(for error: SyncError) -> String {
        let advice: String? =
            switch error {
            case .unreachable: "; check the address and the connection, then sync again"
            case .gitMissing: ": install git, or share through a folder instead"
            case .unknownRemote: ": check the name"
            case .remoteExists: ": choose another name"
            case .notShared: ": share it first"
            case .boardNotOnRemote(.some): ": check the board's id"
            case .boardNotOnRemote(.none): ": share a board there first"
            case .alreadyShared: ": it syncs there"
            case .sharedByAnotherStore: ": join the remote's instead, or share a board of your own"
            case .pushRefused, .badAddress, .localState: nil
            }
        return error.description + (advice ?? "")
    }
}
