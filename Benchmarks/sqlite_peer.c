/*
 * SQLite peer for the ProjectManager store benchmark (`pm-bench`), on the SQLite C API.
 *
 * The workload of Benchmarks/sqlite_peer.py, without an interpreter in between: WAL mode,
 * `PRAGMA synchronous=FULL`, one row per project, a fresh database file in a temporary directory
 * for every size, and each size in a child process of its own (fork), so that `peak_rss_mb` is
 * that size's own. It prints the keys pm-bench prints, one JSON object per size and line.
 *
 *     cc -O2 -o sqlite_peer Benchmarks/sqlite_peer.c -lsqlite3
 *     ./sqlite_peer [--sizes 1000,10000,100000] [--iterations 200] [--seed 42] [--dir DIR]
 *
 * The data is drawn from a seeded SplitMix64 generator (pm-bench's), not Python's, so the rows
 * differ from the Python peer's in their random parts but not in their shape: a UUID, title
 * "Project i", a 60-character body of words, a deadline for about 80% over two years from
 * 2026-01-01, state round-robin, position counted per column, created and updated times with a
 * fractional part. "Open" reads every row into memory (strings copied), as the stores do.
 */

#define _GNU_SOURCE
#include <math.h>
#include <sqlite3.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#define FETCH_RUNS 5
#define UNDO_RUNS 20
#define BODY_LENGTH 60
#define DEADLINE_SPAN_DAYS 730

static const char *const STATES[] = {"todo", "doing", "done"};
static const char *const WORDS[] = {
    "plan", "review", "draft", "ship", "budget", "client", "design", "sprint",
    "audit", "launch", "invoice", "hiring", "roadmap", "backlog", "release",
    "meeting", "report", "migrate", "refactor", "support", "deploy", "survey",
};
static const double CREATED_AT_BASE = 1767225600.0; /* 2026-01-01T00:00:00Z */

/* MARK: - Data */

static uint64_t rng_state;

static uint64_t next_random(void) {
    rng_state += 0x9E3779B97F4A7C15ULL;
    uint64_t z = rng_state;
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}

static double random_unit(void) { return (double)(next_random() >> 11) / 9007199254740992.0; }

typedef struct {
    char id[37];
    char board[37];
    char *title;
    char *body;
    char deadline[11]; /* empty when there is none */
    const char *state;
    int position;
    double created;
    double updated;
} Row;

static void make_uuid(char out[37]) {
    uint8_t bytes[16];
    uint64_t a = next_random(), b = next_random();
    memcpy(bytes, &a, 8);
    memcpy(bytes + 8, &b, 8);
    bytes[6] = (bytes[6] & 0x0F) | 0x40;
    bytes[8] = (bytes[8] & 0x3F) | 0x80;
    snprintf(out, 37, "%02x%02x%02x%02x-%02x%02x-%02x%02x-%02x%02x-%02x%02x%02x%02x%02x%02x",
             bytes[0], bytes[1], bytes[2], bytes[3], bytes[4], bytes[5], bytes[6], bytes[7],
             bytes[8], bytes[9], bytes[10], bytes[11], bytes[12], bytes[13], bytes[14], bytes[15]);
}

static char *make_body(void) {
    char *body = malloc(BODY_LENGTH + 32);
    size_t length = 0;
    body[0] = 0;
    while (length < BODY_LENGTH) {
        const char *word = WORDS[next_random() % (sizeof WORDS / sizeof *WORDS)];
        if (length > 0) body[length++] = ' ';
        size_t n = strlen(word);
        memcpy(body + length, word, n);
        length += n;
    }
    body[BODY_LENGTH] = 0;
    return body;
}

static char (*deadline_days(void))[11] {
    static char days[DEADLINE_SPAN_DAYS][11];
    struct tm start = {.tm_year = 126, .tm_mon = 0, .tm_mday = 1, .tm_hour = 12};
    time_t noon = timegm(&start);
    for (int day = 0; day < DEADLINE_SPAN_DAYS; day++) {
        time_t when = noon + (time_t)day * 86400;
        struct tm parts;
        gmtime_r(&when, &parts);
        strftime(days[day], sizeof days[day], "%Y-%m-%d", &parts);
    }
    return days;
}

static Row *make_rows(int count) {
    char (*days)[11] = deadline_days();
    Row *rows = calloc((size_t)count, sizeof *rows);
    char board[37];
    make_uuid(board);
    int positions[3] = {0, 0, 0};
    for (int i = 0; i < count; i++) {
        Row *row = &rows[i];
        make_uuid(row->id);
        memcpy(row->board, board, sizeof board);
        asprintf(&row->title, "Project %d", i);
        row->body = make_body();
        if (random_unit() < 0.8) memcpy(row->deadline, days[next_random() % DEADLINE_SPAN_DAYS], 11);
        row->state = STATES[i % 3];
        row->position = positions[i % 3]++;
        row->created = CREATED_AT_BASE + i + random_unit();
        row->updated = row->created;
    }
    return rows;
}

/* MARK: - Measuring */

static double now_seconds(void) {
    struct timespec time;
    clock_gettime(CLOCK_MONOTONIC, &time);
    return (double)time.tv_sec + (double)time.tv_nsec / 1e9;
}

static void check(int code, sqlite3 *db, const char *what) {
    if (code != SQLITE_OK && code != SQLITE_DONE && code != SQLITE_ROW) {
        fprintf(stderr, "sqlite_peer: %s: %s\n", what, db ? sqlite3_errmsg(db) : sqlite3_errstr(code));
        exit(1);
    }
}

static void execute(sqlite3 *db, const char *sql) { check(sqlite3_exec(db, sql, NULL, NULL, NULL), db, sql); }

static sqlite3 *connect(const char *path) {
    sqlite3 *db = NULL;
    check(sqlite3_open(path, &db), db, "open");
    execute(db, "PRAGMA journal_mode=WAL");
    execute(db, "PRAGMA synchronous=FULL");
    return db;
}

static int compare_doubles(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

/* Nearest-rank percentile of `count` samples, sorted in place. */
static double percentile(double *samples, int count, double fraction) {
    qsort(samples, (size_t)count, sizeof *samples, compare_doubles);
    int rank = (int)ceil(fraction * count - 1e-9);
    if (rank < 1) rank = 1;
    return samples[rank - 1];
}

static long long written_bytes(void) {
    FILE *file = fopen("/proc/self/io", "r");
    if (!file) return -1;
    char key[64];
    long long value, found = -1;
    while (fscanf(file, "%63[^:]: %lld\n", key, &value) == 2) {
        if (strcmp(key, "wchar") == 0) found = value;
    }
    fclose(file);
    return found;
}

static double peak_rss_mb(void) {
    struct rusage usage;
    getrusage(RUSAGE_SELF, &usage);
    return (double)usage.ru_maxrss / 1024.0;
}

static char *copy_column(sqlite3_stmt *statement, int column) {
    const unsigned char *text = sqlite3_column_text(statement, column);
    return text ? strdup((const char *)text) : NULL;
}

/* Reads every row of a statement into Rows with copies of their strings; returns how many. */
static int read_rows(sqlite3_stmt *statement, sqlite3 *db, Row **out) {
    int capacity = 1024, count = 0;
    Row *rows = malloc((size_t)capacity * sizeof *rows);
    int code;
    while ((code = sqlite3_step(statement)) == SQLITE_ROW) {
        if (count == capacity) rows = realloc(rows, (size_t)(capacity *= 2) * sizeof *rows);
        Row *row = &rows[count++];
        snprintf(row->id, sizeof row->id, "%s", (const char *)sqlite3_column_text(statement, 0));
        snprintf(row->board, sizeof row->board, "%s", (const char *)sqlite3_column_text(statement, 1));
        row->title = copy_column(statement, 2);
        row->body = copy_column(statement, 3);
        const unsigned char *deadline = sqlite3_column_text(statement, 4);
        snprintf(row->deadline, sizeof row->deadline, "%s", deadline ? (const char *)deadline : "");
        row->state = STATES[0];
        row->position = sqlite3_column_int(statement, 6);
        row->created = sqlite3_column_double(statement, 7);
        row->updated = sqlite3_column_double(statement, 8);
    }
    check(code, db, "read rows");
    *out = rows;
    return count;
}

static void free_rows(Row *rows, int count) {
    for (int i = 0; i < count; i++) {
        free(rows[i].title);
        free(rows[i].body);
    }
    free(rows);
}

static const char *COLUMNS = "id, board_id, title, body, deadline, state, position, created_at, updated_at";

static void current_title(sqlite3 *db, const char *id, char *out, size_t size) {
    sqlite3_stmt *statement;
    check(sqlite3_prepare_v2(db, "SELECT title FROM project WHERE id = ?", -1, &statement, NULL), db, "prepare");
    sqlite3_bind_text(statement, 1, id, -1, SQLITE_STATIC);
    check(sqlite3_step(statement), db, "read a title");
    snprintf(out, size, "%s", (const char *)sqlite3_column_text(statement, 0));
    sqlite3_finalize(statement);
}

/* The first letter's case flipped: the same length, as in the other peers. */
static void flip_first(char *title) {
    if (title[0] >= 'a' && title[0] <= 'z') title[0] -= 32;
    else if (title[0] >= 'A' && title[0] <= 'Z') title[0] += 32;
}

static double update_title(sqlite3 *db, sqlite3_stmt *update, const char *id, const char *title) {
    double start = now_seconds();
    execute(db, "BEGIN");
    sqlite3_bind_text(update, 1, title, -1, SQLITE_TRANSIENT);
    sqlite3_bind_double(update, 2, (double)time(NULL));
    sqlite3_bind_text(update, 3, id, -1, SQLITE_STATIC);
    check(sqlite3_step(update), db, "update");
    sqlite3_reset(update);
    execute(db, "COMMIT");
    return now_seconds() - start;
}

static void run_one(int count, int iterations, const char *directory) {
    Row *rows = make_rows(count);
    char **ids = malloc((size_t)count * sizeof *ids);
    for (int i = 0; i < count; i++) ids[i] = strdup(rows[i].id);

    char folder[4096];
    snprintf(folder, sizeof folder, "%s/pm-sqlite-c-XXXXXX", directory);
    if (!mkdtemp(folder)) {
        perror("sqlite_peer: mkdtemp");
        exit(1);
    }
    char path[4200];
    snprintf(path, sizeof path, "%s/projects.sqlite", folder);

    /* Bulk insert: the schema first, then every row in one transaction, commit included. */
    sqlite3 *db = connect(path);
    execute(db, "BEGIN");
    execute(db, "CREATE TABLE project (id TEXT PRIMARY KEY, board_id TEXT NOT NULL, title TEXT NOT NULL, "
                "body TEXT NOT NULL, deadline TEXT, state TEXT NOT NULL, position INTEGER NOT NULL, "
                "created_at REAL NOT NULL, updated_at REAL NOT NULL)");
    execute(db, "CREATE INDEX project_board_state_position ON project (board_id, state, position)");
    execute(db, "CREATE INDEX project_state_deadline ON project (state, deadline)");
    execute(db, "COMMIT");
    double start = now_seconds();
    execute(db, "BEGIN");
    sqlite3_stmt *insert;
    check(sqlite3_prepare_v2(db, "INSERT INTO project (id, board_id, title, body, deadline, state, position, "
                                 "created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)", -1, &insert, NULL),
          db, "prepare insert");
    for (int i = 0; i < count; i++) {
        Row *row = &rows[i];
        sqlite3_bind_text(insert, 1, row->id, -1, SQLITE_STATIC);
        sqlite3_bind_text(insert, 2, row->board, -1, SQLITE_STATIC);
        sqlite3_bind_text(insert, 3, row->title, -1, SQLITE_STATIC);
        sqlite3_bind_text(insert, 4, row->body, -1, SQLITE_STATIC);
        if (row->deadline[0]) sqlite3_bind_text(insert, 5, row->deadline, -1, SQLITE_STATIC);
        else sqlite3_bind_null(insert, 5);
        sqlite3_bind_text(insert, 6, row->state, -1, SQLITE_STATIC);
        sqlite3_bind_int(insert, 7, row->position);
        sqlite3_bind_double(insert, 8, row->created);
        sqlite3_bind_double(insert, 9, row->updated);
        check(sqlite3_step(insert), db, "insert");
        sqlite3_reset(insert);
    }
    sqlite3_finalize(insert);
    execute(db, "COMMIT");
    double bulk_insert_s = now_seconds() - start;
    /* Closing the last connection checkpoints the WAL, so the open below reads a plain file. */
    sqlite3_close(db);
    free_rows(rows, count);

    /* Cold open: a new connection that reads every row into memory. */
    char select_all[256];
    snprintf(select_all, sizeof select_all, "SELECT %s FROM project", COLUMNS);
    start = now_seconds();
    db = connect(path);
    sqlite3_stmt *statement;
    check(sqlite3_prepare_v2(db, select_all, -1, &statement, NULL), db, "prepare select");
    Row *loaded;
    int loaded_count = read_rows(statement, db, &loaded);
    sqlite3_finalize(statement);
    double open_s = now_seconds() - start;
    if (loaded_count != count) {
        fprintf(stderr, "sqlite_peer: read %d rows, expected %d\n", loaded_count, count);
        exit(1);
    }

    /* Save one: a title edited and committed per transaction; bytes handed to write(2). */
    execute(db, "PRAGMA wal_checkpoint(TRUNCATE)");
    execute(db, "PRAGMA wal_autocheckpoint=0");
    sqlite3_stmt *update;
    check(sqlite3_prepare_v2(db, "UPDATE project SET title = ?, updated_at = ? WHERE id = ?", -1, &update, NULL),
          db, "prepare update");
    double *latencies = malloc((size_t)iterations * sizeof *latencies);
    long long written_before = written_bytes();
    char title[256];
    for (int i = 0; i < iterations; i++) {
        const char *id = ids[next_random() % (uint64_t)count];
        current_title(db, id, title, sizeof title); /* untimed: the app knows the title */
        flip_first(title);
        latencies[i] = update_title(db, update, id, title) * 1000;
    }
    long long written_after = written_bytes();
    double save_bytes = written_before >= 0 && written_after >= 0
        ? (double)(written_after - written_before) / iterations : 0;
    execute(db, "PRAGMA wal_autocheckpoint=1000");
    double p99 = percentile(latencies, iterations, 0.99);
    double p50 = percentile(latencies, iterations, 0.5);

    /* Fetch: in Doing, due before 2026-07-01, by deadline, read into memory; median of 5. */
    char fetch[256];
    snprintf(fetch, sizeof fetch,
             "SELECT %s FROM project WHERE state = 'doing' AND deadline < '2026-07-01' ORDER BY deadline", COLUMNS);
    double fetches[FETCH_RUNS];
    int fetched = 0;
    for (int run = 0; run < FETCH_RUNS; run++) {
        start = now_seconds();
        check(sqlite3_prepare_v2(db, fetch, -1, &statement, NULL), db, "prepare fetch");
        Row *found;
        fetched = read_rows(statement, db, &found);
        sqlite3_finalize(statement);
        fetches[run] = (now_seconds() - start) * 1000;
        free_rows(found, fetched);
    }
    double fetch_ms = percentile(fetches, FETCH_RUNS, 0.5);

    /* Undo: the remembered previous title written back in its own transaction; median of 20. */
    double undos[UNDO_RUNS];
    for (int run = 0; run < UNDO_RUNS; run++) {
        const char *id = ids[next_random() % (uint64_t)count];
        char previous[256];
        current_title(db, id, previous, sizeof previous);
        snprintf(title, sizeof title, "%s", previous);
        flip_first(title);
        update_title(db, update, id, title);
        undos[run] = update_title(db, update, id, previous) * 1000;
    }
    double undo_ms = percentile(undos, UNDO_RUNS, 0.5);
    sqlite3_finalize(update);
    sqlite3_close(db);

    printf("{\"bulk_insert_s\":%.6f,\"count\":%d,\"engine\":\"sqlite-c\",\"fetch_ms\":%.4f,\"fetch_rows\":%d,"
           "\"open_s\":%.6f,\"peak_rss_mb\":%.1f,\"save_one_bytes\":%.0f,\"save_one_ms_p50\":%.4f,"
           "\"save_one_ms_p99\":%.4f,\"section\":\"store\",\"undo_ms\":%.4f}\n",
           bulk_insert_s, count, fetch_ms, fetched, open_s, peak_rss_mb(), save_bytes, p50, p99, undo_ms);
    fflush(stdout);

    free_rows(loaded, loaded_count);
    char command[4300];
    snprintf(path, sizeof path, "%s/projects.sqlite", folder);
    unlink(path);
    snprintf(command, sizeof command, "%s/projects.sqlite-wal", folder);
    unlink(command);
    snprintf(command, sizeof command, "%s/projects.sqlite-shm", folder);
    unlink(command);
    rmdir(folder);
}

int main(int argc, char **argv) {
    const char *sizes = "1000,10000,100000";
    const char *directory = getenv("TMPDIR") ? getenv("TMPDIR") : "/tmp";
    int iterations = 200;
    uint64_t seed = 42;
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--sizes") == 0 && i + 1 < argc) sizes = argv[++i];
        else if (strcmp(argv[i], "--iterations") == 0 && i + 1 < argc) iterations = atoi(argv[++i]);
        else if (strcmp(argv[i], "--seed") == 0 && i + 1 < argc) seed = strtoull(argv[++i], NULL, 10);
        else if (strcmp(argv[i], "--dir") == 0 && i + 1 < argc) directory = argv[++i];
        else if (strcmp(argv[i], "--json") == 0) continue; /* JSON lines are the only output */
        else {
            fprintf(stderr, "usage: sqlite_peer [--sizes 1000,10000,100000] [--iterations 200] [--seed 42] [--dir DIR]\n");
            return 2;
        }
    }
    if (iterations <= 0) {
        fprintf(stderr, "sqlite_peer: --iterations must be positive\n");
        return 2;
    }
    char *list = strdup(sizes);
    for (char *size = strtok(list, ","); size; size = strtok(NULL, ",")) {
        int count = atoi(size);
        if (count <= 0) {
            fprintf(stderr, "sqlite_peer: '%s' is not a size\n", size);
            return 2;
        }
        pid_t child = fork();
        if (child == 0) {
            rng_state = seed;
            run_one(count, iterations, directory);
            _exit(0);
        }
        int status = 0;
        if (child < 0 || waitpid(child, &status, 0) < 0 || !WIFEXITED(status) || WEXITSTATUS(status) != 0) {
            fprintf(stderr, "sqlite_peer: the run for %d failed\n", count);
            return 1;
        }
    }
    free(list);
    return 0;
}
