import Foundation
import ProjectManagerCLI

// `pm`: the ProjectManager demo. Everything happens in ProjectManagerCLI; see Docs/CLI.md.
let status = await CommandLineTool.live().run(Array(CommandLine.arguments.dropFirst()))
exit(status)
