/*
 * The C SQLite peer of pm-bench's "open" section: a database of N cards created one at a time,
 * each with its history row, then a new process that opens it and reads the first 50 cards of each
 * column: what an app's first screen, or a widget, does.
 *
 *     cc -O2 -o open_peer Benchmarks/open_peer.c -lsqlite3
 *     ./open_peer build N FILE     # N cards round-robin over the three columns, each with a history row
 *     ./open_peer open FILE        # opens, reads the first window and each column's count, prints one JSON line
 *     ./open_peer rows FILE        # the first window's cards only, without the counts
 *     ./open_peer today FILE       # opens, reads what is overdue, due today and the starred cards
 *
 * The schema is the one a Swift developer would write with GRDB: WAL, `synchronous=FULL`, a
 * fractional rank per card and an index on (board, state, rank), history indexed by board. The
 * build commits 1,000 inserts at a time (how the file was filled does not change what an open
 * reads); pm-bench builds its own store one create at a time, through the engine.
 * "open" times from sqlite3_open_v2 to the window in hand: the first 50 cards of each column and the
 * number of cards in it, as the engine's window (`fetchBoard(window:)`, each `ColumnWindow.count`)
 * returns them for a screen's column headers and list limits. "rows" leaves the counts out, as this
 * peer did before 2026-12; pm-bench prints both. peak_rss_mb is the process's own (VmHWM).
 */

#define _GNU_SOURCE
#include <sqlite3.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <time.h>

static double now_ms(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec * 1e3 + t.tv_nsec / 1e6;
}

/* VmHWM, which starts afresh at exec (ru_maxrss keeps a parent's peak across fork and exec). */
static double peak_rss_mb(void) {
    FILE *status = fopen("/proc/self/status", "r");
    char line[256];
    double kilobytes = -1;
    while (status && fgets(line, sizeof line, status)) {
        if (strncmp(line, "VmHWM:", 6) == 0) kilobytes = atof(line + 6);
    }
    if (status) fclose(status);
    if (kilobytes < 0) {
        struct rusage usage;
        getrusage(RUSAGE_SELF, &usage);
        kilobytes = usage.ru_maxrss;
    }
    return kilobytes / 1024.0;
}

static void check(int code, sqlite3 *db, const char *what) {
    if (code != SQLITE_OK && code != SQLITE_DONE && code != SQLITE_ROW) {
        fprintf(stderr, "open_peer: %s: %s\n", what, db ? sqlite3_errmsg(db) : sqlite3_errstr(code));
        exit(1);
    }
}

static void exec(sqlite3 *db, const char *sql) { check(sqlite3_exec(db, sql, NULL, NULL, NULL), db, sql); }

static int build(long count, const char *file) {
    sqlite3 *db;
    remove(file);
    check(sqlite3_open(file, &db), db, "open");
    exec(db, "PRAGMA journal_mode=WAL; PRAGMA synchronous=FULL;");
    exec(db, "CREATE TABLE card (id TEXT PRIMARY KEY, board TEXT NOT NULL, state INTEGER NOT NULL, rank TEXT NOT NULL,"
             " title TEXT NOT NULL, body TEXT NOT NULL, deadline TEXT, created REAL NOT NULL, updated REAL NOT NULL,"
             " starred INTEGER NOT NULL DEFAULT 0);"
             "CREATE INDEX card_column ON card (board, state, rank);"
             "CREATE INDEX card_deadline ON card (deadline) WHERE deadline IS NOT NULL;"
             "CREATE INDEX card_starred ON card (starred) WHERE starred = 1;"
             "CREATE TABLE history (sequence INTEGER PRIMARY KEY, board TEXT NOT NULL, card TEXT, title TEXT NOT NULL,"
             " kind INTEGER NOT NULL, date REAL NOT NULL);"
             "CREATE INDEX history_board ON history (board, sequence);");
    sqlite3_stmt *card, *history;
    check(sqlite3_prepare_v2(db, "INSERT INTO card VALUES (?1, 'default', ?2, ?3, ?4, 'plan draft review ship call write check fix',"
                                 " ?5, ?6, ?6, ?7)", -1, &card, NULL), db, "prepare");
    check(sqlite3_prepare_v2(db, "INSERT INTO history (board, card, title, kind, date) VALUES ('default', ?1, ?2, 0, ?3)",
                             -1, &history, NULL), db, "prepare");
    exec(db, "BEGIN");
    char id[64], rank[32], title[32], deadline[16];
    for (long i = 0; i < count; i++) {
        snprintf(id, sizeof id, "%08lx-0000-4000-8000-%012lx", (unsigned long)i & 0xffffffffUL, (unsigned long)i);
        snprintf(rank, sizeof rank, "%012ld", i / 3);
        snprintf(title, sizeof title, "Project %ld", i);
        snprintf(deadline, sizeof deadline, "2026-%02ld-%02ld", 1 + (i % 12), 1 + (i % 28));
        sqlite3_bind_text(card, 1, id, -1, SQLITE_TRANSIENT);
        sqlite3_bind_int(card, 2, (int)(i % 3));
        sqlite3_bind_text(card, 3, rank, -1, SQLITE_TRANSIENT);
        sqlite3_bind_text(card, 4, title, -1, SQLITE_TRANSIENT);
        if (i % 5 == 0) sqlite3_bind_null(card, 5); else sqlite3_bind_text(card, 5, deadline, -1, SQLITE_TRANSIENT);
        sqlite3_bind_double(card, 6, 1767225600.0 + i);
        sqlite3_bind_int(card, 7, i < 50 * 1000 && i % 1000 == 0);
        check(sqlite3_step(card), db, "insert card");
        sqlite3_reset(card);
        sqlite3_bind_text(history, 1, id, -1, SQLITE_TRANSIENT);
        sqlite3_bind_text(history, 2, title, -1, SQLITE_TRANSIENT);
        sqlite3_bind_double(history, 3, 1767225600.0 + i);
        check(sqlite3_step(history), db, "insert history");
        sqlite3_reset(history);
        if (i % 1000 == 999) { exec(db, "COMMIT"); exec(db, "BEGIN"); }
    }
    exec(db, "COMMIT");
    sqlite3_finalize(card);
    sqlite3_finalize(history);
    exec(db, "PRAGMA wal_checkpoint(TRUNCATE)");
    sqlite3_close(db);
    return 0;
}

/* Reads every column of each row, strings copied, as the engine's cards are values. */
static long read_rows(sqlite3_stmt *statement) {
    long rows = 0;
    size_t bytes = 0;
    while (sqlite3_step(statement) == SQLITE_ROW) {
        for (int column = 0; column < sqlite3_column_count(statement); column++) {
            const unsigned char *text = sqlite3_column_text(statement, column);
            if (text) {
                char *copy = strdup((const char *)text);
                bytes += strlen(copy);
                free(copy);
            }
        }
        rows++;
    }
    sqlite3_reset(statement);
    if (bytes == 0 && rows > 0) fprintf(stderr, "open_peer: rows without text\n");
    return rows;
}

static int measure(const char *mode, const char *file) {
    double start = now_ms();
    sqlite3 *db;
    check(sqlite3_open_v2(file, &db, SQLITE_OPEN_READWRITE, NULL), db, "open");
    exec(db, "PRAGMA synchronous=FULL");
    long rows = 0;
    sqlite3_stmt *statement;
    long counted = 0;
    if (strcmp(mode, "open") == 0 || strcmp(mode, "rows") == 0) {
        check(sqlite3_prepare_v2(db, "SELECT * FROM card WHERE board = 'default' AND state = ?1 ORDER BY rank LIMIT 50",
                                 -1, &statement, NULL), db, "prepare");
        sqlite3_stmt *counting = NULL;
        if (strcmp(mode, "open") == 0) {
            check(sqlite3_prepare_v2(db, "SELECT count(*) FROM card WHERE board = 'default' AND state = ?1", -1,
                                     &counting, NULL), db, "prepare");
        }
        for (int state = 0; state < 3; state++) {
            sqlite3_bind_int(statement, 1, state);
            rows += read_rows(statement);
            if (counting) {
                sqlite3_bind_int(counting, 1, state);
                check(sqlite3_step(counting), db, "count");
                counted += sqlite3_column_int64(counting, 0);
                sqlite3_reset(counting);
            }
        }
        sqlite3_finalize(counting);
    } else {
        /* Overdue and due today on 2026-01-01 (not done, deadline up to that day), then the starred cards. */
        check(sqlite3_prepare_v2(db, "SELECT * FROM card WHERE deadline IS NOT NULL AND deadline <= '2026-01-01' AND state != 2"
                                 " UNION ALL SELECT * FROM card WHERE starred = 1", -1, &statement, NULL), db, "prepare");
        rows += read_rows(statement);
    }
    double elapsed = now_ms() - start;
    sqlite3_finalize(statement);
    sqlite3_close(db);
    printf("{\"section\":\"open\",\"peer\":\"c-sqlite\",\"mode\":\"%s\",\"rows\":%ld,\"counted\":%ld,\"ms\":%.3f,"
           "\"peak_rss_mb\":%.1f}\n", mode, rows, counted, elapsed, peak_rss_mb());
    return 0;
}

int main(int argc, char **argv) {
    if (argc == 4 && strcmp(argv[1], "build") == 0) return build(atol(argv[2]), argv[3]);
    if (argc == 3 && (strcmp(argv[1], "open") == 0 || strcmp(argv[1], "rows") == 0 || strcmp(argv[1], "today") == 0)) return measure(argv[1], argv[2]);
    fprintf(stderr, "usage: open_peer build N FILE | open FILE | rows FILE | today FILE\n");
    return 2;
}
