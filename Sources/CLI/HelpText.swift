/// What `pm help` prints.
enum HelpText {
    static let text = """
        pm: keep projects on a board with three columns, To Do, Doing and Done.

        Usage:
          pm demo                    walk through the main story on a temporary store
          pm add TITLE [--body TEXT] [--due YYYY-MM-DD]
                                     add a project to To Do and print its id
          pm board                   show the board
          pm show ID                 show one project
          pm edit ID [--title TITLE] [--body TEXT] [--due YYYY-MM-DD|none]
                                     change a project's title, body or deadline
          pm move ID todo|doing|done [--at N]
                                     move a project to a column, at position N
                                     (1 is the top; without --at, last)
          pm delete ID               delete a project
          pm history [--limit N]     list what happened, newest first
          pm undo                    revert the last add, edit, move or delete
          pm redo                    repeat what the last undo reverted
          pm help                    show this help (also --help, -h)

        Options:
          --store PATH   the store file to use, anywhere on the line; else $PM_STORE,
                         else $XDG_DATA_HOME/projectmanager/projects.pmstore,
                         else ~/.local/share/projectmanager/projects.pmstore
          --             every argument after it is positional: pm add -- -5 push-ups

        IDs: the first characters of an id are enough when no other id starts with
        them, as in git (at least 4). A deadline is a calendar day; a project is
        overdue, marked '!', when that day has passed and it is not done.
        Colour is used only on a terminal, and never when NO_COLOR is set.
        Undo and redo reach back across runs: the store keeps both. A new change after
        an undo ends what can be redone. With nothing to undo or redo, pm says so and
        exits 1.
        Exit status: 0 done, 1 failed (nothing saved), 2 bad command line.

        """
}
