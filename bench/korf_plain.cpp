/* The peer that bench_solver.cpp measures the engine's fast IDA* against: IDA* for the 15-puzzle
 * written plainly, in C style, as in Korf (1985): globals, one recursive function, the Manhattan
 * distance updated from the one tile that moves, operators tried up, left, right, down, never the
 * one that undoes the previous move, and nodes counted as Korf counted them (every generated child,
 * plus the root once). Only the blank-first goal 0 1 2 ... 15 of Korf's instances. No engine code
 * is used, so agreeing node counts are an independent check of the engine's move order. */

enum { kSide = 4, kCells = 16, kOps = 4, kNone = -1 };

/* op 0 up, 1 left, 2 right, 3 down: the reverse of op is 3 - op. */
static const int kRowStep[kOps] = {-1, 0, 0, 1};
static const int kColStep[kOps] = {0, -1, 1, 0};

static int board[kCells];            /* tile at each cell, 0 = blank */
static int blank;                    /* cell of the blank */
static int distance[kCells][kCells]; /* Manhattan distance of tile t at cell c */
static int neighbour[kCells][kOps];  /* cell the blank reaches with op, or kNone */
static int threshold;
static int next_threshold;
static unsigned long long generated;

static int absolute(int x) { return x < 0 ? -x : x; }

static void init_tables(void) {
  for (int tile = 0; tile < kCells; ++tile) {
    for (int cell = 0; cell < kCells; ++cell) {
      distance[tile][cell] =
          tile == 0 ? 0
                    : absolute(tile / kSide - cell / kSide) + absolute(tile % kSide - cell % kSide);
    }
  }
  for (int cell = 0; cell < kCells; ++cell) {
    for (int op = 0; op < kOps; ++op) {
      const int row = cell / kSide + kRowStep[op];
      const int col = cell % kSide + kColStep[op];
      neighbour[cell][op] =
          row >= 0 && row < kSide && col >= 0 && col < kSide ? row * kSide + col : kNone;
    }
  }
}

/* Depth-first search below the threshold; 1 when the goal is found. */
static int search(int g, int h, int previous_op) {
  if (h == 0) return 1; /* Manhattan 0: every tile home */
  for (int op = 0; op < kOps; ++op) {
    if (op == kOps - 1 - previous_op) continue;
    const int to = neighbour[blank][op];
    if (to == kNone) continue;
    const int tile = board[to];
    const int child_h = h - distance[tile][to] + distance[tile][blank];
    ++generated;
    if (g + 1 + child_h > threshold) {
      if (g + 1 + child_h < next_threshold) next_threshold = g + 1 + child_h;
      continue;
    }
    const int from = blank;
    board[from] = tile;
    board[to] = 0;
    blank = to;
    if (search(g + 1, child_h, op)) return 1;
    blank = from;
    board[to] = tile;
    board[from] = 0;
  }
  return 0;
}

/* Solves one instance; returns the optimal length and stores Korf's node count. */
int korf_plain_solve(const int tiles[16], unsigned long long* nodes_generated);

int korf_plain_solve(const int tiles[16], unsigned long long* nodes_generated) {
  init_tables();
  int h = 0;
  for (int cell = 0; cell < kCells; ++cell) {
    board[cell] = tiles[cell];
    if (tiles[cell] == 0) blank = cell;
    h += distance[tiles[cell]][cell];
  }
  generated = 1; /* the root */
  threshold = h;
  for (;;) {
    next_threshold = 1 << 30;
    if (search(0, h, kNone)) break;
    threshold = next_threshold;
  }
  *nodes_generated = generated;
  return threshold;
}
