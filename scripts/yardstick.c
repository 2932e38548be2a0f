/* yardstick.c: a straightforward C backtracker, the speed yardstick for
 * unscramble's solver (see scripts/bench-solver).
 *
 * Reads a tile_dict.yaml as written by `unscramble generate` and the corpus
 * (lines `K: [['token', '+'], ['token', '-'], ...]`, edges right, top, left,
 * bottom), fills the board row by row, tries every unused tile in every
 * rotation, and checks the left and top neighbours edge by edge: two edges
 * fit when they carry the same token and different halves. Counts every
 * solution and every placement that fits (the same "nodes" unscramble counts
 * with --no-symmetry --order row-major), and prints
 *     solutions <S> nodes <N> seconds <T>
 * Build: gcc -O2 -o yardstick yardstick.c
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define MAXT 128
static int ntiles, side;
static int edge[MAXT][4];  /* token * 2 + half, base orientation */
static int board_tile[MAXT], board_rot[MAXT];
static int used[MAXT];
static long long nodes, solutions;
static char names[256][64];
static int nnames;

static int token_id(const char *s) {
    for (int i = 0; i < nnames; i++)
        if (strcmp(names[i], s) == 0) return i;
    strncpy(names[nnames], s, 63);
    return nnames++;
}

/* Edge shown on side e after r counter-clockwise quarter turns. */
static inline int shown(int t, int r, int e) { return edge[t][(e - r + 4) & 3]; }
static inline int fits(int a, int b) { return (a ^ 1) == b; }

static void search(int cell) {
    if (cell == ntiles) {
        solutions++;
        return;
    }
    int col = cell % side;
    for (int t = 0; t < ntiles; t++) {
        if (used[t]) continue;
        for (int r = 0; r < 4; r++) {
            if (col > 0 && !fits(shown(board_tile[cell - 1], board_rot[cell - 1], 0), shown(t, r, 2)))
                continue;
            if (cell >= side && !fits(shown(board_tile[cell - side], board_rot[cell - side], 3), shown(t, r, 1)))
                continue;
            nodes++;
            board_tile[cell] = t;
            board_rot[cell] = r;
            used[t] = 1;
            search(cell + 1);
            used[t] = 0;
        }
    }
}

int main(int argc, char **argv) {
    if (argc != 2) {
        fprintf(stderr, "usage: %s tile_dict.yaml\n", argv[0]);
        return 2;
    }
    FILE *f = fopen(argv[1], "r");
    if (!f) {
        perror(argv[1]);
        return 2;
    }
    char line[4096];
    while (fgets(line, sizeof line, f)) {
        char *p = line;
        while (*p == ' ') p++;
        if (*p < '0' || *p > '9') continue;
        int k = atoi(p) - 1;
        if (k < 0 || k >= MAXT) return 2;
        p = strchr(p, ':');
        for (int e = 0; e < 4 && p; e++) {
            char *q1 = strchr(p, '\''), *q2 = q1 ? strchr(q1 + 1, '\'') : NULL;
            char *h1 = q2 ? strchr(q2 + 1, '\'') : NULL;
            if (!h1) return 2;
            char tok[64];
            int len = (int)(q2 - q1 - 1);
            if (len > 63) len = 63;
            memcpy(tok, q1 + 1, len);
            tok[len] = 0;
            edge[k][e] = token_id(tok) * 2 + (h1[1] == '-');
            p = strchr(h1 + 1, '\'') + 1;
        }
        if (k + 1 > ntiles) ntiles = k + 1;
    }
    fclose(f);
    for (side = 1; side * side < ntiles; side++) {
    }
    struct timespec a, b;
    clock_gettime(CLOCK_MONOTONIC, &a);
    search(0);
    clock_gettime(CLOCK_MONOTONIC, &b);
    double secs = (b.tv_sec - a.tv_sec) + (b.tv_nsec - a.tv_nsec) / 1e9;
    printf("solutions %lld nodes %lld seconds %.3f\n", solutions, nodes, secs);
    return 0;
}
