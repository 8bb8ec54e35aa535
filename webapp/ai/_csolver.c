/* The open-hand Skat solver's core, compiled: the same answers as webapp.ai.solver.PySolver.
 *
 * Positions are bitboards: three hands as 32-bit masks. Inside this file a card has an internal
 * index in which, within each suit class, a higher index is a stronger card (for suit games and
 * Grand the engine's Card.index already is; for Null every suit is laid out 7 8 9 T J Q K A), so
 * "the next stronger live card of a class" is one mask and one bit scan.
 *
 * Point games (suit games, Grand): fail-soft alpha-beta on "card points the declarer takes from
 * here on". A trick start is fully described by the hands and the seat that leads; the
 * transposition table's key is a hash of those, kept up to date card by card, in which positions
 * that differ only in which of the equal cards of a block are left (the 7, 8 and 9 of a suit,
 * the Jacks: same class, next in rank, same points) are one position (see ZOBRIST). An entry
 * keeps a lower and an upper bound and the best card. At trick starts the search also stops
 * early on bounds: all points left, and the points of trumps above every trump of the other side
 * (they win whenever played). Moves are reduced (see `reduce`: equal cards of one hand tried
 * once, and of a run of cards whose trick is already settled only the one with the most or the
 * fewest points) and ordered (table move, sure winners, killer, points into our own tricks,
 * cheap discards). `reaches` is one null-window search; `value` is MTD(f) from above.
 *
 * Null: a boolean search "can the defenders force the declarer to take a trick?", same table.
 *
 * A search thread's Memory holds its table. The keys name the hands, the game and the declarer,
 * so the calls about one deal (its thresholds, the cards of a hint, later tricks) share their
 * work, as do any two deals that reach the same position. The single calls (value, reaches,
 * move_values) hold the GIL and search in the solver's own Memory of 2 MB (forgotten when the
 * solver takes it), so another solver's searches never change what this one finds or counts.
 * A batch (reaches_after: a decision's questions in each of its worlds) releases the GIL and
 * searches the worlds on several threads, in the solver's own 16 Memories of 512 KB
 * (see "batches of worlds").
 */

#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <pthread.h>
#include <sched.h>
#include <stdatomic.h>
#include <stdint.h>
#include <string.h>
#include <unistd.h>

/* ---------------------------------------------------------------- game tables ------------- */

/* After the engine's games come their Schwarz twins (G_SCHWARZ + a suit game or Grand): the same
 * game in which every card is worth one point, so "the declarer takes every card left" is a
 * points question and the point search answers "does the declarer take every trick?". */
enum { G_DIAMONDS, G_HEARTS, G_SPADES, G_CLUBS, G_GRAND, G_NULL, G_RAMSCH, G_SCHWARZ, G_COUNT = G_SCHWARZ + 5 };
static const char *const GAME_NAMES[G_SCHWARZ] = {"diamonds", "hearts", "spades", "clubs",
                                                  "grand",    "null",   "ramsch"};

/* The threshold of a question that asks for every trick (see webapp.ai.solver.ALL_TRICKS). */
#define ALL_TRICKS 1000

typedef struct {
    int null;                  /* Null: no points, the declarer must take no trick */
    uint8_t to_internal[32];   /* engine index -> internal index */
    uint8_t to_engine[32];     /* internal index -> engine index */
    uint32_t class_mask[32];   /* the cards of a card's suit class (trump is one class) */
    uint32_t beats[32];        /* the cards that beat this card when it is winning a trick */
    uint32_t above[32];        /* the stronger cards of its class */
    uint8_t points[32];        /* card points */
    uint8_t merge_points[32];  /* points that must match for two adjacent cards to merge */
    uint8_t byte_points[4][256]; /* card points of each byte of a mask, by byte position */
    uint32_t trump;            /* the trumps */
    uint32_t block[32];        /* the cards of the card's block (see ZOBRIST), 0 if none */
} Game;

static Game GAMES[G_COUNT];

static const uint8_t ENGINE_POINTS_BY_SUIT_ORDER[7] = {0, 0, 0, 3, 4, 10, 11}; /* 7 8 9 Q K T A */

static void build_game(int g) {
    Game *G = &GAMES[g];
    int schwarz = g >= G_SCHWARZ;
    if (schwarz) g -= G_SCHWARZ;
    memset(G, 0, sizeof *G);
    G->null = g == G_NULL;
    for (int e = 0; e < 32; e++) {
        int i;
        if (G->null) {
            int suit = e >= 28 ? e - 28 : e / 7;
            int rank;
            if (e >= 28)
                rank = 4;
            else {
                static const int rank_of_order[7] = {0, 1, 2, 5, 6, 3, 7};
                rank = rank_of_order[e % 7];
            }
            i = suit * 8 + rank;
        } else {
            i = e;
        }
        G->to_internal[e] = (uint8_t)i;
        G->to_engine[i] = (uint8_t)e;
    }
    uint32_t trump = 0;
    if (g <= G_CLUBS)
        trump = 0xF0000000u | (0x7Fu << (7 * g));
    else if (g == G_GRAND || g == G_RAMSCH)
        trump = 0xF0000000u;
    G->trump = trump;
    for (int i = 0; i < 32; i++) {
        int e = G->to_engine[i];
        int points = schwarz ? 1 : e >= 28 ? 2 : ENGINE_POINTS_BY_SUIT_ORDER[e % 7];
        G->points[i] = (uint8_t)points;
        G->merge_points[i] = G->null ? 0 : (uint8_t)points;
        uint32_t cls;
        if (G->null)
            cls = 0xFFu << (8 * (i / 8));
        else if (trump >> i & 1)
            cls = trump;
        else
            cls = 0x7Fu << (7 * (i / 7));
        G->class_mask[i] = cls;
        uint32_t higher = (uint32_t)(~((2ull << i) - 1));
        G->above[i] = cls & higher;
        G->beats[i] = (trump >> i & 1) ? (trump & higher) : (trump | (cls & higher));
    }
    /* Blocks: the cards of a class next to each other in rank with equal points (the 7, 8 and 9
     * of each suit, the four Jacks). Null has none (its keys stay exact). */
    for (int i = 0; i < 32 && !G->null; i++)
        if (i >= 28)
            G->block[i] = 0xF0000000u;
        else if (i % 7 < 3)
            G->block[i] = 0x7u << (i - i % 7);
    for (int part = 0; part < 4; part++)
        for (int byte = 0; byte < 256; byte++) {
            int sum = 0;
            for (int bit = 0; bit < 8; bit++)
                if (byte >> bit & 1) sum += G->points[8 * part + bit];
            G->byte_points[part][byte] = (uint8_t)sum;
        }
}

static inline int mask_points(const Game *G, uint32_t m) {
    return G->byte_points[0][m & 0xFF] + G->byte_points[1][m >> 8 & 0xFF] +
           G->byte_points[2][m >> 16 & 0xFF] + G->byte_points[3][m >> 24];
}

static inline int lowest(uint32_t m) { return __builtin_ctz(m); }

/* The cards above internal index x (in every class a higher index is a stronger card). */
static inline uint32_t higher_than(int x) { return (uint32_t)~((2ull << x) - 1); }

/* Without -mpopcnt, __builtin_popcount is a library call: count the bits inline. */
static inline int popcount32(uint32_t m) {
    m = m - (m >> 1 & 0x55555555u);
    m = (m & 0x33333333u) + (m >> 2 & 0x33333333u);
    return (int)(((m + (m >> 4)) & 0x0F0F0F0Fu) * 0x01010101u >> 24);
}

/* ---------------------------------------------------------------- memory ------------------ */

/* The table's key of a trick start is a 64-bit hash of its hands, the leader, the game and the
 * declarer (see ZOBRIST). An entry is one 64-bit word: 33 bits of that hash (the others chose
 * the slot), the memory's epoch (33-40), the tricks left (41-44), then the lower bound (45-51),
 * the upper bound (52-58) and the best card, canonical (59-63). Epoch 0 is never used, so an
 * all-zero word is an empty slot. */
typedef uint64_t Entry;

#define TAG_BITS 33
#define TAG_MASK ((1ull << TAG_BITS) - 1)
#define EPOCHS (1u << 8)
#define MATCH_MASK ((1ull << 41) - 1) /* tag and epoch */

static inline int entry_lower(Entry e) { return (int)(e >> 45 & 127); }
static inline int entry_upper(Entry e) { return (int)(e >> 52 & 127); }
static inline int entry_best(Entry e) { return (int)(e >> 59); }
static inline unsigned entry_epoch(Entry e) { return (unsigned)(e >> 33 & (EPOCHS - 1)); }
static inline int entry_tricks(Entry e) { return (int)(e >> 41 & 15); }

/* What is known of whole positions the solver was asked about: bounds on the declarer's future
 * points (Null: whether the declarer is caught), so that a second question about the same
 * position (another threshold, or its exact value) starts from the first one's answer. */
typedef struct {
    uint32_t hand[3];
    uint8_t game, declarer, leader, ntrick, trick[2];
    uint8_t used;
    int8_t lower, upper;
} Root;

/* What one search thread remembers: a transposition table of 2^bits entries (two slots per
 * key) and the bounds on whole positions, of the current epoch. */
typedef struct {
    Entry *table;
    unsigned bits;
    Root *roots;
    unsigned nroots;
    unsigned epoch; /* 1 .. EPOCHS - 1 */
} Memory;

static int memory_init(Memory *m, unsigned bits, unsigned nroots) {
    memset(m, 0, sizeof *m);
    m->table = PyMem_RawCalloc((size_t)1 << bits, sizeof(Entry));
    m->roots = PyMem_RawCalloc(nroots, sizeof(Root));
    if (!m->table || !m->roots) {
        PyMem_RawFree(m->table);
        PyMem_RawFree(m->roots);
        m->table = NULL;
        m->roots = NULL;
        return -1;
    }
    m->bits = bits;
    m->nroots = nroots;
    m->epoch = 1;
    return 0;
}

static void memory_free(Memory *m) {
    PyMem_RawFree(m->table);
    PyMem_RawFree(m->roots);
    m->table = NULL;
    m->roots = NULL;
}

/* Empty the whole memory. */
static void memory_clear(Memory *m) {
    memset(m->table, 0, sizeof(Entry) << m->bits);
    memset(m->roots, 0, sizeof(Root) * m->nroots);
    m->epoch = 1;
}

/* Forget everything, as cheaply as possible: a new epoch, whose searches find no entry of an
 * older one and replace those like empty slots, so they run exactly as on an empty table. The
 * table itself is emptied only when the epoch numbers run out. */
static void memory_forget(Memory *m) {
    if (m->epoch + 1 == EPOCHS) {
        memory_clear(m);
        return;
    }
    m->epoch++;
    memset(m->roots, 0, sizeof(Root) * m->nroots);
}

/* A position as the searches take it. */
typedef struct {
    int game;
    int declarer;
    uint32_t hand[3];   /* internal masks */
    int ntrick;
    int trick[2];       /* internal indices, in play order */
    int leader;
    int declarer_points, defender_points;
    int defender_tricks;
} Pos;

static Root *root_entry(Memory *m, const Pos *p, int create) {
    uint64_t h = (uint64_t)p->hand[0] * 0x9E3779B97F4A7C15ull ^ (uint64_t)p->hand[1] * 0xC2B2AE3D27D4EB4Full ^
                 (uint64_t)p->hand[2] * 0x165667B19E3779F9ull;
    h ^= (uint64_t)(p->game | p->declarer << 3 | p->leader << 5 | p->ntrick << 7 |
                    (p->ntrick > 0 ? p->trick[0] : 0) << 9 | (p->ntrick > 1 ? p->trick[1] : 0) << 14) *
         0x27D4EB2F165667C5ull;
    Root *r = &m->roots[(h >> 40) % m->nroots];
    int same = r->used && r->game == p->game && r->declarer == p->declarer && r->leader == p->leader &&
               r->ntrick == p->ntrick && r->hand[0] == p->hand[0] && r->hand[1] == p->hand[1] &&
               r->hand[2] == p->hand[2] && (p->ntrick < 1 || r->trick[0] == p->trick[0]) &&
               (p->ntrick < 2 || r->trick[1] == p->trick[1]);
    if (same) return r;
    if (!create) return NULL;
    memset(r, 0, sizeof *r);
    r->used = 1;
    r->game = (uint8_t)p->game;
    r->declarer = (uint8_t)p->declarer;
    r->leader = (uint8_t)p->leader;
    r->ntrick = (uint8_t)p->ntrick;
    for (int i = 0; i < p->ntrick; i++) r->trick[i] = (uint8_t)p->trick[i];
    for (int i = 0; i < 3; i++) r->hand[i] = p->hand[i];
    r->lower = 0;
    r->upper = 127;
    return r;
}

/* ---------------------------------------------------------------- search ------------------ */

typedef struct Batch Batch;

typedef struct {
    const Game *G;
    uint32_t hand[3];
    int declarer;
    Memory *memory;
    uint64_t nodes;      /* nodes searched so far */
    uint64_t limit;      /* past this, stop (aborted = 1) unless the batch allows more */
    Batch *batch;        /* NULL, or the batch of worlds this search is part of */
    int world;           /* the world's number in the batch */
    int aborted;
    int cards;           /* the cards in the three hands */
    int8_t killer[11][3][3]; /* see order_moves; by tricks left, place in the trick, seat */
    uint8_t owner[32]; /* the seat of each card in the hands (see hands_hash) */
    uint64_t game_key; /* ZOBRIST_GAME of the game and declarer (see hands_hash) */
} Search;

/* The hash of a trick start is kept up to date card by card: the XOR, over the cards in the
 * hands, of a random word for the card's seat and its canonical index, then of one for the leader
 * and one for the game and declarer. A card's canonical index is its place in its block: the
 * cards of a block (the 7, 8 and 9 of a suit, the four Jacks) are of one class, next to each
 * other in rank and of equal points, so two positions whose blocks hold the same number of cards
 * in the same order of seats have the same future in every line of play, card for card, with the
 * same tricks and points. They share their table entries. */
static uint64_t ZOBRIST[3][32], ZOBRIST_LEADER[3], ZOBRIST_GAME[G_COUNT][3];

static uint64_t splitmix64(uint64_t *state) {
    uint64_t z = (*state += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

static void build_zobrist(void) {
    uint64_t state = 0x4B69656269747A00ull; /* fixed: the same table keys in every process */
    for (int seat = 0; seat < 3; seat++)
        for (int c = 0; c < 32; c++) ZOBRIST[seat][c] = splitmix64(&state);
    for (int seat = 0; seat < 3; seat++) ZOBRIST_LEADER[seat] = splitmix64(&state);
    for (int g = 0; g < G_COUNT; g++)
        for (int seat = 0; seat < 3; seat++) ZOBRIST_GAME[g][seat] = splitmix64(&state);
}

/* A card of these hands (`left`: all their cards) as the table knows it: its canonical index. */
static inline int canonical_card(const Game *G, int c, uint32_t left) {
    uint32_t b = G->block[c];
    return b ? lowest(b) + popcount32(left & b & ((1u << c) - 1)) : c;
}

/* The card of these hands a canonical index stands for (255: none). */
static inline int actual_card(const Game *G, int c, uint32_t left) {
    uint32_t b = G->block[c];
    if (!b) return c;
    uint32_t m = left & b;
    for (int j = c - lowest(b); j > 0 && m; j--) m &= m - 1;
    return m ? lowest(m) : 255;
}

/* The hash of the search's hands (see ZOBRIST); it notes who holds each card, and how many
 * cards there are: a search starts here. */
static uint64_t hands_hash(Search *s) {
    uint32_t left = s->hand[0] | s->hand[1] | s->hand[2];
    uint64_t h = 0;
    s->cards = popcount32(left);
    s->game_key = ZOBRIST_GAME[s->G - GAMES][s->declarer];
    for (int seat = 0; seat < 3; seat++)
        for (uint32_t m = s->hand[seat]; m; m &= m - 1) {
            s->owner[lowest(m)] = (uint8_t)seat;
            h ^= ZOBRIST[seat][canonical_card(s->G, lowest(m), left)];
        }
    return h;
}

/* How the hash of the hands (`left`: their cards) changes when `seat` plays card c: the cards
 * above it in its block move down one canonical place. */
static inline uint64_t card_delta(const Search *s, int seat, int c, uint32_t left) {
    uint32_t b = s->G->block[c];
    if (!b) return ZOBRIST[seat][c];
    int k = canonical_card(s->G, c, left);
    uint64_t d = ZOBRIST[seat][k];
    for (uint32_t up = left & b & higher_than(c); up; up &= up - 1, k++) {
        const uint64_t *z = ZOBRIST[s->owner[lowest(up)]];
        d ^= z[k + 1] ^ z[k];
    }
    return d;
}

/* The table's key of a trick start: the hands' hash, the leader, the game and the declarer. */
static inline uint64_t tt_key(const Search *s, uint64_t hands, int leader) {
    return hands ^ ZOBRIST_LEADER[leader] ^ s->game_key;
}

/* The two slots of a hash: slot 0 keeps the entry nearer the root, slot 1 the newest. */
static inline Entry *tt_slot(const Search *s, uint64_t hash) {
    return &s->memory->table[(hash >> (64 - s->memory->bits)) & ~1ull];
}

/* The bits an entry of this hash has in this epoch. */
static inline uint64_t tt_match(const Search *s, uint64_t hash) {
    return (hash & TAG_MASK) | (uint64_t)s->memory->epoch << TAG_BITS;
}

static inline Entry tt_find(const Search *s, uint64_t hash) {
    Entry *e = tt_slot(s, hash);
    uint64_t match = tt_match(s, hash);
    if ((e[0] & MATCH_MASK) == match) return e[0];
    if ((e[1] & MATCH_MASK) == match) return e[1];
    return 0;
}

static inline void tt_store(const Search *s, uint64_t hash, int tricks, int lower, int upper, int best) {
    Entry *e = tt_slot(s, hash);
    uint64_t match = tt_match(s, hash);
    Entry entry = match | (uint64_t)tricks << 41 | (uint64_t)lower << 45 | (uint64_t)upper << 52 |
                  (uint64_t)best << 59;
    if ((e[0] & MATCH_MASK) == match) {
        e[0] = entry;
    } else if ((e[1] & MATCH_MASK) == match) {
        e[1] = entry;
    } else if (entry_epoch(e[0]) != s->memory->epoch || tricks >= entry_tricks(e[0])) {
        e[1] = e[0];
        e[0] = entry;
    } else {
        e[1] = entry;
    }
}

static int batch_allows_more(Search *s);

/* Count a node; 0 if the search must stop (its budget is spent). */
static inline int count_node(Search *s) {
    return ++s->nodes <= s->limit || batch_allows_more(s);
}

/* The cards the player may play: the led class if they can follow, else the whole hand. */
static inline uint32_t legal(const Game *G, uint32_t hand, int led) {
    if (led < 0) return hand;
    uint32_t follow = hand & G->class_mask[led];
    return follow ? follow : hand;
}

/* Drop every card that has an equal twin above it: the next stronger live card of its class is
 * in the same hand and worth the same points, so playing either leads to the same values. */
static inline uint32_t merge(const Game *G, uint32_t moves, uint32_t hand, uint32_t live) {
    uint32_t kept = moves, m = moves;
    while (m) {
        int c = lowest(m);
        m &= m - 1;
        uint32_t next = G->above[c] & live;
        if (next) {
            int n = lowest(next);
            if ((hand >> n & 1) && G->merge_points[n] == G->merge_points[c]) kept &= ~(1u << c);
        }
    }
    return kept;
}

/* Whether card c, played as the trick's card number ntrick (0: the lead), is now the trick's
 * winning card (win_card is the winning card so far). */
static inline int takes_lead(const Game *G, int c, int ntrick, int win_card) {
    return ntrick == 0 || (G->beats[win_card] >> c & 1);
}

/* The side that takes a trick whose winning card so far is w (played by seat wp) when the last
 * player (seat p3) may still play any of l3: 1 the mover's side, 0 the other, -1 it depends. */
static inline int last_card_side(const Search *s, int w, int wp, uint32_t l3, int p3,
                                 int mover_is_declarer) {
    uint32_t over = l3 & s->G->beats[w];
    int now = (wp == s->declarer) == mover_is_declarer;
    int last = (p3 == s->declarer) == mover_is_declarer;
    if (!over) return now;
    if (over == l3) return last;
    return now == last ? now : -1;
}

/* Which side takes the trick whatever the later players do, if the player to move plays c:
 * 1 the player's side, 0 the other side, -1 it depends on their cards. */
static int trick_side(const Search *s, int c, int player, int ntrick, int led, int win_card,
                      int win_player) {
    const Game *G = s->G;
    int side = player == s->declarer;
    int on_top = takes_lead(G, c, ntrick, win_card);
    int w = on_top ? c : win_card, wp = on_top ? player : win_player;
    if (ntrick == 2) return (wp == s->declarer) == side;
    int led_card = ntrick == 0 ? c : led;
    int p3 = (player + 3 - ntrick - 1) % 3;
    uint32_t l3 = legal(G, s->hand[p3], led_card);
    if (ntrick == 1) return last_card_side(s, w, wp, l3, p3, side);
    int p2 = (player + 1) % 3, result = -2;
    for (uint32_t l2 = legal(G, s->hand[p2], led_card); l2; l2 &= l2 - 1) {
        int a = lowest(l2);
        int r = (G->beats[c] >> a & 1) ? last_card_side(s, a, p2, l3, p3, side)
                                        : last_card_side(s, c, player, l3, p3, side);
        if (r < 0 || (result != -2 && r != result)) return -1;
        result = r;
    }
    return result;
}

/* The moves worth searching. A run of cards of one hand with no other live card between them
 * in their class gives the same tricks whichever is played, so of equal card points one is
 * enough; and if the trick's side is already settled whatever the others play, only the run's
 * card with the most points (our trick) or the fewest (theirs) needs searching: any line after
 * another card of the run is matched, card for card, by a line after that one which gives our
 * side at least as many points. */
static uint32_t reduce(const Search *s, uint32_t moves, uint32_t hand, uint32_t live, int player,
                       int ntrick, int led, int win_card, int win_player) {
    const Game *G = s->G;
    uint32_t kept = 0;
    while (moves) {
        int c = lowest(moves), top = c;
        uint32_t run = 1u << c, above = G->above[c] & live;
        if (!above || !(hand >> lowest(above) & 1)) { /* a run of one card */
            kept |= run;
            moves &= moves - 1;
            continue;
        }
        int distinct = 0;
        for (;;) {
            uint32_t next = G->above[top] & live;
            if (!next) break;
            int n = lowest(next);
            if (!(hand >> n & 1)) break;
            if (G->points[n] != G->points[top]) distinct = 1;
            run |= 1u << n;
            top = n;
        }
        moves &= ~run;
        int side = distinct ? trick_side(s, c, player, ntrick, led, win_card, win_player) : -1;
        if (side >= 0) {
            int pick = top;
            for (uint32_t m = run; m; m &= m - 1) {
                int x = lowest(m);
                if (side ? G->points[x] > G->points[pick] : G->points[x] < G->points[pick]) pick = x;
            }
            kept |= 1u << pick;
        } else {
            for (uint32_t m = run; m; m &= m - 1) {
                int x = lowest(m);
                uint32_t next = G->above[x] & live;
                if (x == top || G->points[lowest(next)] != G->points[x]) kept |= 1u << x;
            }
        }
    }
    return kept;
}

typedef struct {
    int n;
    uint8_t card[10];
} MoveList;

/* The strongest card of a set of cards that all beat the same card (trumps above the rest). */
static inline int strongest(const Game *G, uint32_t m) {
    if (!m) return -1;
    uint32_t t = m & G->trump;
    return 31 - __builtin_clz(t ? t : m);
}

/* Order the moves best first for the player to move; `first` (a table move) goes in front. The
 * killer, the card that last ended a search here after the first card tried had not (here: this
 * seat, as many tricks left, the same place in the trick; in this call, or in a batch world's
 * questions so far), comes first among the sure winners if it is one, else right after them. */
static void order_moves(const Search *s, MoveList *out, uint32_t moves, int player, int ntrick,
                        int led, int win_card, int win_player, int first, int killer) {
    const Game *G = s->G;
    int scores[10];
    int n = 0;
    int decl_team = player == s->declarer;
    int next = (player + 1) % 3, last = (player + 2) % 3;
    int next_ours = (next == s->declarer) == decl_team;
    while (moves) {
        int c = lowest(moves);
        moves &= moves - 1;
        int score;
        if (c == first) {
            score = 1 << 28;
        } else if (G->null) {
            /* The declarer ducks with the highest card that still loses the trick, leads low;
             * a defender plays low while the declarer must still beat it, high otherwise. */
            int beats_winner = ntrick > 0 && (G->beats[win_card] >> c & 1);
            int rank = c % 8;
            if (decl_team)
                score = ntrick == 0 ? -rank : (beats_winner ? -100 - rank : rank);
            else
                score = ntrick == 0 ? -rank : (beats_winner ? rank : 50 + rank);
        } else {
            /* Who takes the trick if this card is played? `sure`: nobody after can change it. */
            int on_top = takes_lead(G, c, ntrick, win_card);
            int w = on_top ? c : win_card, wp = on_top ? player : win_player;
            int ours = (wp == s->declarer) == decl_team;
            int led_card = ntrick == 0 ? c : led;
            int sure = 1;
            if (ntrick == 1) {
                int can_beat = (G->beats[w] & legal(G, s->hand[next], led_card)) != 0;
                if (next_ours)
                    ours = ours || can_beat; /* the partner plays last and can take it */
                else
                    sure = !can_beat;
            } else if (ntrick == 0) {
                uint32_t l2 = legal(G, s->hand[next], led_card);
                uint32_t l3 = legal(G, s->hand[last], led_card);
                if (G->beats[c] & (l2 | l3)) {
                    /* Everyone plays their strongest card: does our side take it then? */
                    int b2 = strongest(G, l2 & G->beats[c]), ww = c, wwp = player;
                    if (b2 >= 0) {
                        ww = b2;
                        wwp = next;
                    }
                    int b3 = strongest(G, l3 & G->beats[ww]);
                    if (b3 >= 0) wwp = last;
                    ours = (wwp == s->declarer) == decl_team;
                    sure = ours;
                }
            }
            int pts = G->points[c];
            if (ours && sure) /* many points into our trick; win with the lowest card */
                score = 1000 + 8 * pts - (wp == player ? c : 0);
            else if (ours)
                score = 200 - 8 * pts;
            else /* the trick is lost: give the fewest points, the weakest card */
                score = -8 * pts - c;
            if (c == killer) score += 400; /* the others of its kind are within 8 * 11 + 31 */
        }
        int k = n++;
        while (k > 0 && scores[k - 1] < score) {
            scores[k] = scores[k - 1];
            out->card[k] = out->card[k - 1];
            k--;
        }
        scores[k] = score;
        out->card[k] = (uint8_t)c;
    }
    out->n = n;
}

/* Whether the declarer takes the last trick, everyone holding one card. */
static inline int last_trick(const Search *s, int leader) {
    const Game *G = s->G;
    int w = lowest(s->hand[leader]), wp = leader;
    for (int i = 1; i < 3; i++) {
        int seat = (leader + i) % 3, c = lowest(s->hand[seat]);
        if (G->beats[w] >> c & 1) {
            w = c;
            wp = seat;
        }
    }
    return wp == s->declarer;
}

/* Card points the declarer takes from here on, the points of the cards on the table included.
 * Fail-soft: a result <= alpha is an upper bound, a result >= beta a lower bound. */
static int search_points(Search *s, uint64_t hands, int leader, int ntrick, int led, int win_card,
                         int win_player, uint32_t table_cards, int trick_points, int alpha, int beta) {
    const Game *G = s->G;
    if (!count_node(s)) {
        s->aborted = 1;
        return 0;
    }
    uint32_t remaining = s->hand[0] | s->hand[1] | s->hand[2];
    uint64_t hash = 0;
    int ttmove = 255;
    int alpha0 = alpha, beta0 = beta;
    if (ntrick == 0) {
        if (!remaining) return 0;
        if (s->cards == 3) return last_trick(s, leader) ? mask_points(G, remaining) : 0;
        int most = mask_points(G, remaining);
        if (alpha >= most) return most;
        if (beta <= 0) return 0;
        /* A trump above every trump of the other side wins its trick whenever it is played, so
         * its points are surely that side's. */
        uint32_t mine = s->hand[s->declarer], theirs = remaining & ~mine;
        uint32_t my_trumps = mine & G->trump, their_trumps = theirs & G->trump;
        int surely_mine = mask_points(G, their_trumps ? my_trumps & higher_than(31 - __builtin_clz(their_trumps)) : my_trumps);
        if (surely_mine >= beta) return surely_mine;
        int at_most = most - mask_points(G, my_trumps ? their_trumps & higher_than(31 - __builtin_clz(my_trumps)) : their_trumps);
        if (at_most <= alpha) return at_most;
        hash = tt_key(s, hands, leader);
        Entry e = tt_find(s, hash);
        if (e) {
            int lower = entry_lower(e), upper = entry_upper(e);
            if (lower >= beta) return lower;
            if (upper <= alpha) return upper;
            if (lower == upper) return lower;
            if (lower > alpha) alpha = lower;
            if (upper < beta) beta = upper;
            ttmove = actual_card(G, entry_best(e), remaining);
        }
        alpha0 = alpha;
        beta0 = beta;
    }
    int player = (leader + ntrick) % 3, tricks = (s->cards + ntrick) / 3;
    uint32_t hand = s->hand[player];
    uint32_t moves = reduce(s, legal(G, hand, led), hand, remaining | table_cards, player, ntrick,
                            led, win_card, win_player);
    int before_last = ntrick == 2 && s->cards == 4; /* the next trick is the last */
    if (ntrick == 2 && !before_last) {
        /* Every card ends the trick: fetch the table slots of the next trick starts early. */
        for (uint32_t m = moves; m; m &= m - 1) {
            int c = lowest(m);
            int wp = takes_lead(G, c, ntrick, win_card) ? player : win_player;
            __builtin_prefetch(tt_slot(s, tt_key(s, hands ^ card_delta(s, player, c, remaining), wp)));
        }
    }
    MoveList list;
    if (!(moves & (moves - 1))) { /* one card: nothing to order */
        list.n = 1;
        list.card[0] = (uint8_t)lowest(moves);
    } else {
        order_moves(s, &list, moves, player, ntrick, led, win_card, win_player, ttmove,
                    s->killer[tricks][ntrick][player]);
    }
    int maximizing = player == s->declarer;
    int best = maximizing ? -1 : 1000, best_card = list.card[0];
    for (int k = 0; k < list.n; k++) {
        int c = list.card[k];
        uint32_t bit = 1u << c;
        int on_top = takes_lead(G, c, ntrick, win_card);
        int w = on_top ? c : win_card, wp = on_top ? player : win_player;
        int v;
        uint64_t next = before_last ? 0 : hands ^ card_delta(s, player, c, remaining);
        s->hand[player] ^= bit;
        s->cards--;
        if (before_last) {
            int gain = wp == s->declarer ? trick_points + G->points[c] : 0;
            v = gain + (last_trick(s, wp) ? mask_points(G, remaining & ~bit) : 0);
        } else if (ntrick == 2) {
            int gain = wp == s->declarer ? trick_points + G->points[c] : 0;
            v = gain + search_points(s, next, wp, 0, -1, 0, 0, 0, 0, alpha - gain, beta - gain);
        } else {
            v = search_points(s, next, leader, ntrick + 1, ntrick == 0 ? c : led, w, wp,
                              table_cards | bit, trick_points + G->points[c], alpha, beta);
        }
        s->hand[player] ^= bit;
        s->cards++;
        if (s->aborted) return 0;
        if (maximizing) {
            if (v > best) {
                best = v;
                best_card = c;
                if (v > alpha) alpha = v;
            }
        } else {
            if (v < best) {
                best = v;
                best_card = c;
                if (v < beta) beta = v;
            }
        }
        if (alpha >= beta) {
            if (k > 0) s->killer[tricks][ntrick][player] = (int8_t)c;
            break;
        }
    }
    if (ntrick == 0) {
        Entry e = tt_find(s, hash);
        int lower = e ? entry_lower(e) : 0, upper = e ? entry_upper(e) : 120;
        if (best <= alpha0) {
            if (best < upper) upper = best;
        } else if (best >= beta0) {
            if (best > lower) lower = best;
        } else {
            lower = upper = best;
        }
        tt_store(s, hash, tricks, lower, upper, canonical_card(G, best_card, remaining));
    }
    return best;
}

/* Null: 1 if the defenders can force the declarer to take a trick from here, else 0. */
static int search_null(Search *s, uint64_t hands, int leader, int ntrick, int led, int win_card,
                       int win_player, uint32_t table_cards) {
    const Game *G = s->G;
    if (!count_node(s)) {
        s->aborted = 1;
        return 0;
    }
    uint32_t remaining = s->hand[0] | s->hand[1] | s->hand[2];
    uint64_t hash = 0;
    int ttmove = 255;
    if (ntrick == 0) {
        if (!remaining) return 0;
        if (s->cards == 3) return last_trick(s, leader);
        hash = tt_key(s, hands, leader);
        Entry e = tt_find(s, hash);
        if (e) return entry_lower(e); /* Null entries are exact */
    }
    int player = (leader + ntrick) % 3;
    uint32_t hand = s->hand[player];
    uint32_t moves = merge(G, legal(G, hand, led), hand, remaining | table_cards);
    MoveList list;
    order_moves(s, &list, moves, player, ntrick, led, win_card, win_player, ttmove, -1);
    int declarer_moves = player == s->declarer;
    int result = declarer_moves ? 1 : 0, best_card = list.card[0];
    for (int k = 0; k < list.n; k++) {
        int c = list.card[k];
        uint32_t bit = 1u << c;
        int on_top = takes_lead(G, c, ntrick, win_card);
        int w = on_top ? c : win_card, wp = on_top ? player : win_player;
        int v = 1; /* the declarer takes this trick */
        if (ntrick < 2 || wp != s->declarer) {
            uint64_t next = hands ^ card_delta(s, player, c, remaining);
            s->hand[player] ^= bit;
            s->cards--;
            v = ntrick == 2 ? search_null(s, next, wp, 0, -1, 0, 0, 0)
                            : search_null(s, next, leader, ntrick + 1, ntrick == 0 ? c : led, w, wp,
                                          table_cards | bit);
            s->hand[player] ^= bit;
            s->cards++;
        }
        if (s->aborted) return 0;
        if (declarer_moves ? v == 0 : v == 1) {
            result = v;
            best_card = c;
            break;
        }
    }
    if (ntrick == 0) tt_store(s, hash, s->cards / 3, result, result, best_card);
    return result;
}

/* ---------------------------------------------------------------- positions --------------- */

/* The trick state the search functions take, from a position's cards on the table. */
typedef struct {
    int led, win_card, win_player, trick_points;
    uint32_t table_cards;
} TrickState;

static TrickState trick_state(const Game *G, const Pos *p) {
    TrickState t = {-1, 0, 0, 0, 0};
    for (int i = 0; i < p->ntrick; i++) {
        int c = p->trick[i];
        if (i == 0 || (G->beats[t.win_card] >> c & 1)) {
            t.win_card = c;
            t.win_player = (p->leader + i) % 3;
        }
        if (i == 0) t.led = c;
        t.trick_points += G->points[c];
        t.table_cards |= 1u << c;
    }
    return t;
}

/* Empty a search: no nodes, no killers. */
static void clear_search(Search *s) {
    memset(s, 0, sizeof *s);
    memset(s->killer, -1, sizeof s->killer);
}

static void init_search(Search *s, const Pos *p) {
    clear_search(s);
    s->G = &GAMES[p->game];
    for (int i = 0; i < 3; i++) s->hand[i] = p->hand[i];
    s->declarer = p->declarer;
}

/* Null-window test at the root: do the declarer's future points reach `need`? */
static int future_reaches(Search *s, const Pos *p, int need) {
    if (need <= 0) return 1;
    Root *r = root_entry(s->memory, p, 0);
    if (r && need <= r->lower) return 1;
    if (r && need > r->upper) return 0;
    TrickState t = trick_state(s->G, p);
    int v = search_points(s, hands_hash(s), p->leader, p->ntrick, t.led, t.win_card, t.win_player, t.table_cards,
                          t.trick_points, need - 1, need);
    if (s->aborted) return 0;
    r = root_entry(s->memory, p, 1);
    if (v >= need && v > r->lower) r->lower = (int8_t)v;
    if (v < need && v < r->upper) r->upper = (int8_t)v;
    return v >= need;
}

/* The declarer's exact future points: MTD(f) from above. Each null-window test asks "at least
 * beta?"; a fail-soft "no" gives a new upper bound and the next test starts there. Proving
 * "not that much" is cheap for the declarer's opponents (their one good card per trick is
 * enough), so only the last test, at the value itself, pays for a full proof of "at least". */
static int future_value(Search *s, const Pos *p) {
    TrickState t = trick_state(s->G, p);
    int lower = 0, upper = mask_points(s->G, p->hand[0] | p->hand[1] | p->hand[2]) + t.trick_points;
    Root *r = root_entry(s->memory, p, 0);
    if (r) {
        if (r->lower > lower) lower = r->lower;
        if (r->upper < upper) upper = r->upper;
    }
    while (lower < upper) {
        int beta = upper;
        int v = search_points(s, hands_hash(s), p->leader, p->ntrick, t.led, t.win_card, t.win_player, t.table_cards,
                              t.trick_points, beta - 1, beta);
        if (s->aborted) return 0;
        if (v < beta)
            upper = v;
        else
            lower = v;
    }
    r = root_entry(s->memory, p, 1);
    r->lower = r->upper = (int8_t)lower;
    return lower;
}

static int null_loses(Search *s, const Pos *p) {
    Root *r = root_entry(s->memory, p, 0);
    if (r) return r->lower;
    TrickState t = trick_state(s->G, p);
    int loses = search_null(s, hands_hash(s), p->leader, p->ntrick, t.led, t.win_card, t.win_player, t.table_cards);
    if (s->aborted) return 0;
    r = root_entry(s->memory, p, 1);
    r->lower = r->upper = (int8_t)loses;
    return loses;
}

/* The position after the player to move plays internal card c (a legal card); `winner` is the
 * seat that takes the trick if c completes it, else -1. */
static Pos after(const Pos *p, int c, int *winner) {
    const Game *G = &GAMES[p->game];
    Pos q = *p;
    int player = (p->leader + p->ntrick) % 3;
    q.hand[player] &= ~(1u << c);
    *winner = -1;
    if (p->ntrick < 2) {
        q.trick[q.ntrick++] = c;
        return q;
    }
    TrickState t = trick_state(G, p);
    int wp = G->beats[t.win_card] >> c & 1 ? player : t.win_player;
    int points = t.trick_points + G->points[c];
    if (wp == p->declarer) {
        q.declarer_points += points;
    } else {
        q.defender_points += points;
        q.defender_tricks++;
    }
    q.ntrick = 0;
    q.leader = wp;
    *winner = wp;
    return q;
}

/* ---------------------------------------------------------------- batches of worlds ------- */

/* A computer player's decision asks the same questions in each of its sampled worlds. A batch
 * answers them on several threads (without the GIL), world by world. Each world is searched in
 * one of the solver's LANES memories, chosen by its number, and a lane's worlds in their order,
 * so what a world's searches find in their memory, and so their node counts, never depend on
 * the threads; a solver's next batch (the tie-breaks after the wins) finds them there.
 * The budget is kept as a single thread would keep it: the worlds judged are the longest first
 * run of worlds whose node counts add up to at most the budget. A thread stops a world as soon
 * as the worlds up to it have surely spent more (counts so far are lower bounds). */

/* Does the declarer end with at least `threshold` card points (Null: stay clean) after the
 * player to move plays `card` (-1: the position as it stands)? */
typedef struct {
    int card, threshold;
} Question;

#define LANES 16
#define LANE_BITS 16      /* 512 KB of table a lane: as good as 2 MB for one world's searches */
#define LANE_ROOTS 512
#define CHECK_EVERY 4096  /* nodes between a thread's looks at the other threads' counts */

/* A solver's lanes, taken from a free list at its first batch and given back when it goes (so
 * a process keeps as many as it has solvers busy at once, usually one). */
typedef struct Lanes {
    Memory lane[LANES];
    struct Lanes *next;
} Lanes;

static Lanes *free_lanes; /* guarded by the GIL */
static int thread_count;

struct Batch {
    Lanes *lanes;
    int worlds;
    const Pos *pos;             /* each world's position */
    const int *first;           /* each world's first question; first[worlds]: their count */
    const Question *questions;
    uint8_t *answers;           /* one a question */
    uint64_t budget;            /* nodes for all worlds together; UINT64_MAX: no limit */
    _Atomic uint64_t *progress; /* each world's nodes so far (its count, once it is done) */
    uint8_t *done;              /* each world: every question answered */
    atomic_int next_lane;
};

/* The nodes worlds 0..w have surely spent, world w's own count being `own`. */
static uint64_t spent_up_to(Batch *b, int w, uint64_t own) {
    uint64_t sum = own;
    for (int j = 0; j < w; j++) sum += atomic_load_explicit(&b->progress[j], memory_order_relaxed);
    return sum;
}

static void set_next_check(Search *s) {
    uint64_t budget = s->batch->budget;
    s->limit = budget == UINT64_MAX ? UINT64_MAX
                                    : (s->nodes + CHECK_EVERY < budget ? s->nodes + CHECK_EVERY : budget);
}

static int batch_allows_more(Search *s) {
    Batch *b = s->batch;
    if (!b) return 0;
    atomic_store_explicit(&b->progress[s->world], s->nodes, memory_order_relaxed);
    if (spent_up_to(b, s->world, s->nodes) > b->budget) return 0;
    set_next_check(s);
    return 1;
}

/* Does the declarer reach `threshold` from p (ALL_TRICKS: take every trick; Null: stay clean)?
 * The search's hands and declarer are p's. */
static int position_reaches(Search *s, const Pos *p, int threshold) {
    s->G = &GAMES[p->game];
    if (s->G->null) return !null_loses(s, p);
    if (threshold != ALL_TRICKS) return future_reaches(s, p, threshold - p->declarer_points);
    if (p->defender_tricks) return 0;
    Pos every = *p;
    every.game += G_SCHWARZ;
    s->G = &GAMES[every.game];
    return future_reaches(s, &every, popcount32(p->hand[0] | p->hand[1] | p->hand[2]) + p->ntrick);
}

/* Answer one question in a world (the search's memory and node count carry over). */
static int answer(Search *s, const Pos *p, Question q) {
    Pos at = *p;
    const Game *G = &GAMES[p->game];
    if (q.card >= 0) {
        int winner;
        at = after(p, q.card, &winner);
        if (G->null && winner == p->declarer) return 0; /* caught in this very trick */
    }
    for (int i = 0; i < 3; i++) s->hand[i] = at.hand[i];
    s->declarer = at.declarer;
    return position_reaches(s, &at, q.threshold);
}

/* Answer world w's questions in memory m; 0 if the budget stopped it. */
static int batch_world(Batch *b, Memory *m, int w) {
    if (b->budget != UINT64_MAX && spent_up_to(b, w, 0) > b->budget) return 0;
    Search s;
    clear_search(&s);
    s.memory = m;
    s.batch = b;
    s.world = w;
    set_next_check(&s);
    for (int k = b->first[w]; k < b->first[w + 1]; k++) {
        int yes = answer(&s, &b->pos[w], b->questions[k]);
        if (s.aborted) return 0;
        b->answers[k] = (uint8_t)yes;
    }
    atomic_store_explicit(&b->progress[w], s.nodes, memory_order_relaxed);
    b->done[w] = 1;
    return 1;
}

/* A thread's work: take the next lane and search its worlds in order, until none is left. */
static void *batch_work(void *arg) {
    Batch *b = arg;
    for (;;) {
        int lane = atomic_fetch_add(&b->next_lane, 1);
        if (lane >= LANES || lane >= b->worlds) return NULL;
        for (int w = lane; w < b->worlds; w += LANES)
            if (!batch_world(b, &b->lanes->lane[lane], w)) break;
    }
}

/* Run a batch on up to `threads` threads, the calling one included. */
static void batch_run(Batch *b, int threads) {
    pthread_t helpers[LANES];
    int started = 0;
    for (int i = 1; i < threads && i < b->worlds && i < LANES; i++)
        if (pthread_create(&helpers[started], NULL, batch_work, b) == 0) started++;
    batch_work(b);
    for (int i = 0; i < started; i++) pthread_join(helpers[i], NULL);
}

/* The threads a batch uses by default: the processors this process may run on, at most 4. */
static int default_threads(void) {
    int n = 1;
#ifdef CPU_COUNT
    cpu_set_t set;
    if (sched_getaffinity(0, sizeof set, &set) == 0) n = CPU_COUNT(&set);
#else
    long online = sysconf(_SC_NPROCESSORS_ONLN);
    if (online > 0) n = (int)online;
#endif
    return n < 1 ? 1 : n > 4 ? 4 : n;
}

/* Return a set of lanes, all forgotten (NULL: out of memory). Call with the GIL held. */
static Lanes *lanes_take(void) {
    Lanes *l = free_lanes;
    if (l) {
        free_lanes = l->next;
    } else {
        l = PyMem_RawCalloc(1, sizeof *l);
        for (int i = 0; l && i < LANES; i++)
            if (memory_init(&l->lane[i], LANE_BITS, LANE_ROOTS) < 0) {
                while (i--) memory_free(&l->lane[i]);
                PyMem_RawFree(l);
                l = NULL;
            }
        if (!l) return NULL;
    }
    for (int i = 0; i < LANES; i++) memory_forget(&l->lane[i]);
    return l;
}

static void lanes_give_back(Lanes *l) {
    l->next = free_lanes;
    free_lanes = l;
}

/* ---------------------------------------------------------------- Python glue ------------- */

/* The memory of a solver's calls that hold the GIL (one search at a time): 2 MB of table, taken
 * from a free list at the solver's first single call and given back when it goes. */
#define TT_BITS 18
#define ROOTS 4096

typedef struct Single {
    Memory memory;
    struct Single *next_free; /* on the free list */
    struct Single *next_all;  /* every Single made, for clear_table */
} Single;

static Single *free_singles, *all_singles; /* guarded by the GIL */

/* Return a forgotten single-call memory (NULL: out of memory). Call with the GIL held. */
static Single *single_take(void) {
    Single *m = free_singles;
    if (m) {
        free_singles = m->next_free;
    } else {
        m = PyMem_RawCalloc(1, sizeof *m);
        if (!m) return NULL;
        if (memory_init(&m->memory, TT_BITS, ROOTS) < 0) {
            PyMem_RawFree(m);
            return NULL;
        }
        m->next_all = all_singles;
        all_singles = m;
    }
    memory_forget(&m->memory);
    return m;
}

typedef struct {
    PyObject_HEAD
    unsigned long long nodes;
    long long node_limit; /* -1: none */
    Lanes *lanes;           /* NULL until the first batch */
    Single *single;         /* NULL until the first single call */
    int lanes_stale;        /* a batch stopped half-way: forget the lanes before the next */
    int in_batch;           /* a batch runs (without the GIL) */
} CSolverObject;

static int get_int_attr(PyObject *obj, const char *name, long *out) {
    PyObject *v = PyObject_GetAttrString(obj, name);
    if (!v) return -1;
    long x = PyLong_AsLong(v);
    Py_DECREF(v);
    if (x == -1 && PyErr_Occurred()) return -1;
    *out = x;
    return 0;
}

/* A card given as an int index or as an object with an `index` attribute (engine Card). */
static int card_index(PyObject *obj, int *out) {
    long x;
    if (PyLong_Check(obj)) {
        x = PyLong_AsLong(obj);
        if (x == -1 && PyErr_Occurred()) return -1;
    } else if (get_int_attr(obj, "index", &x) < 0) {
        return -1;
    }
    if (x < 0 || x > 31) {
        PyErr_Format(PyExc_ValueError, "not a card index: %ld", x);
        return -1;
    }
    *out = (int)x;
    return 0;
}

static int read_game(PyObject *pos, int *out) {
    PyObject *gt = PyObject_GetAttrString(pos, "game_type");
    if (!gt) return -1;
    PyObject *value = PyObject_GetAttrString(gt, "value");
    Py_DECREF(gt);
    if (!value) return -1;
    const char *text = PyUnicode_Check(value) ? PyUnicode_AsUTF8(value) : NULL;
    int found = -1;
    for (int g = 0; text && g < G_SCHWARZ; g++)
        if (strcmp(text, GAME_NAMES[g]) == 0) found = g;
    Py_DECREF(value);
    if (found < 0) {
        if (!PyErr_Occurred()) PyErr_SetString(PyExc_ValueError, "unknown game type");
        return -1;
    }
    if (found == G_RAMSCH) {
        PyErr_SetString(PyExc_ValueError, "the solver plays declarer games, not Ramsch");
        return -1;
    }
    *out = found;
    return 0;
}

/* Read a SolverPosition into internal form and check that it is a position play can reach. */
static int read_position(PyObject *obj, Pos *p) {
    memset(p, 0, sizeof *p);
    if (read_game(obj, &p->game) < 0) return -1;
    const Game *G = &GAMES[p->game];
    long x;
    if (get_int_attr(obj, "declarer", &x) < 0) return -1;
    if (x < 0 || x > 2) {
        PyErr_SetString(PyExc_ValueError, "the declarer's seat must be 0, 1 or 2");
        return -1;
    }
    p->declarer = (int)x;
    PyObject *hands = PyObject_GetAttrString(obj, "hands");
    if (!hands) return -1;
    PyObject *seq = PySequence_Fast(hands, "hands must be a sequence of three masks");
    Py_DECREF(hands);
    if (!seq) return -1;
    if (PySequence_Fast_GET_SIZE(seq) != 3) {
        Py_DECREF(seq);
        PyErr_SetString(PyExc_ValueError, "hands must hold three masks");
        return -1;
    }
    uint32_t seen = 0;
    for (int i = 0; i < 3; i++) {
        PyObject *item = PySequence_Fast_GET_ITEM(seq, i);
        unsigned long long m = PyLong_AsUnsignedLongLong(item);
        if (m == (unsigned long long)-1 && PyErr_Occurred()) {
            Py_DECREF(seq);
            return -1;
        }
        if (m >> 32 || (m & seen)) {
            Py_DECREF(seq);
            PyErr_SetString(PyExc_ValueError, "hands must be disjoint 32-bit card masks");
            return -1;
        }
        seen |= (uint32_t)m;
        uint32_t internal = 0;
        for (int e = 0; e < 32; e++)
            if (m >> e & 1) internal |= 1u << G->to_internal[e];
        p->hand[i] = internal;
    }
    Py_DECREF(seq);
    PyObject *trick = PyObject_GetAttrString(obj, "trick");
    if (!trick) return -1;
    seq = PySequence_Fast(trick, "trick must be a sequence of cards");
    Py_DECREF(trick);
    if (!seq) return -1;
    Py_ssize_t n = PySequence_Fast_GET_SIZE(seq);
    if (n > 2) {
        Py_DECREF(seq);
        PyErr_SetString(PyExc_ValueError, "a trick in progress holds at most two cards");
        return -1;
    }
    for (Py_ssize_t i = 0; i < n; i++) {
        int e;
        if (card_index(PySequence_Fast_GET_ITEM(seq, i), &e) < 0) {
            Py_DECREF(seq);
            return -1;
        }
        if (seen >> e & 1) {
            Py_DECREF(seq);
            PyErr_SetString(PyExc_ValueError, "a card is both on the table and in a hand");
            return -1;
        }
        seen |= 1u << e;
        p->trick[i] = G->to_internal[e];
    }
    p->ntrick = (int)n;
    Py_DECREF(seq);
    if (get_int_attr(obj, "leader", &x) < 0) return -1;
    if (x < 0 || x > 2) {
        PyErr_SetString(PyExc_ValueError, "the leader's seat must be 0, 1 or 2");
        return -1;
    }
    p->leader = (int)x;
    if (get_int_attr(obj, "declarer_points", &x) < 0) return -1;
    p->declarer_points = (int)x;
    if (get_int_attr(obj, "defender_points", &x) < 0) return -1;
    p->defender_points = (int)x;
    if (get_int_attr(obj, "defender_tricks", &x) < 0) return -1;
    p->defender_tricks = (int)x;
    /* Everyone holds as many cards as the player to move, less one for those who played. */
    int to_move = (p->leader + p->ntrick) % 3;
    int size = popcount32(p->hand[to_move]);
    for (int i = 0; i < 3; i++) {
        int seat = (p->leader + i) % 3;
        int want = i < p->ntrick ? size - 1 : size;
        if (popcount32(p->hand[seat]) != want) {
            PyErr_SetString(PyExc_ValueError, "the hands' sizes do not fit the trick");
            return -1;
        }
    }
    return 0;
}

/* Start a search for a call of this solver: its node budget is what node_limit leaves (-1: out
 * of memory, the error set). */
static int begin(CSolverObject *self, Search *s, const Pos *p) {
    if (!self->single && !(self->single = single_take())) {
        PyErr_NoMemory();
        return -1;
    }
    init_search(s, p);
    s->memory = &self->single->memory;
    s->limit = UINT64_MAX;
    if (self->node_limit >= 0)
        s->limit = (unsigned long long)self->node_limit > self->nodes
                       ? (unsigned long long)self->node_limit - self->nodes
                       : 0;
    return 0;
}

/* Count the call's nodes; raise SearchLimit (from webapp.ai.solver) if the budget ran out. */
static int finish(CSolverObject *self, Search *s) {
    self->nodes += s->nodes;
    if (!s->aborted) return 0;
    /* Only finished subtrees were stored, so the table stays valid. */
    PyObject *module = PyImport_ImportModule("webapp.ai.solver");
    if (!module) return -1;
    PyObject *limit_error = PyObject_GetAttrString(module, "SearchLimit");
    Py_DECREF(module);
    if (!limit_error) return -1;
    PyObject *count = PyLong_FromUnsignedLongLong(self->nodes);
    if (count) PyErr_SetObject(limit_error, count);
    Py_XDECREF(count);
    Py_DECREF(limit_error);
    return -1;
}

/* The value of a position in the middle of a call (the table is already prepared). */
static int position_value(Search *s, const Pos *p) {
    s->G = &GAMES[p->game];
    for (int i = 0; i < 3; i++) s->hand[i] = p->hand[i];
    if (GAMES[p->game].null) return null_loses(s, p);
    return p->declarer_points + future_value(s, p);
}

static PyObject *CSolver_value(CSolverObject *self, PyObject *pos) {
    Pos p;
    if (read_position(pos, &p) < 0) return NULL;
    Search s;
    if (begin(self, &s, &p) < 0) return NULL;
    int v = position_value(&s, &p);
    if (finish(self, &s) < 0) return NULL;
    return PyLong_FromLong(v);
}

static PyObject *CSolver_reaches(CSolverObject *self, PyObject *args) {
    PyObject *pos;
    int threshold;
    if (!PyArg_ParseTuple(args, "Oi:reaches", &pos, &threshold)) return NULL;
    Pos p;
    if (read_position(pos, &p) < 0) return NULL;
    Search s;
    if (begin(self, &s, &p) < 0) return NULL;
    int ok = position_reaches(&s, &p, threshold);
    if (finish(self, &s) < 0) return NULL;
    return PyBool_FromLong(ok);
}

static PyObject *CSolver_move_values(CSolverObject *self, PyObject *pos) {
    Pos p;
    if (read_position(pos, &p) < 0) return NULL;
    const Game *G = &GAMES[p.game];
    int player = (p.leader + p.ntrick) % 3;
    int led = p.ntrick ? p.trick[0] : -1;
    uint32_t hand = p.hand[player];
    uint32_t moves = legal(G, hand, led);
    uint32_t live = p.hand[0] | p.hand[1] | p.hand[2];
    for (int i = 0; i < p.ntrick; i++) live |= 1u << p.trick[i];
    uint32_t kept = merge(G, moves, hand, live);
    int values[32];
    Search s;
    if (begin(self, &s, &p) < 0) return NULL;
    /* Solve each kept card, then give every merged card the value of its twin above. */
    for (int c = 0; c < 32; c++) values[c] = -1;
    uint32_t m = kept;
    while (m && !s.aborted) {
        int c = lowest(m);
        m &= m - 1;
        int winner;
        Pos q = after(&p, c, &winner);
        if (G->null && winner == p.declarer)
            values[c] = 1; /* caught in this very trick */
        else
            values[c] = position_value(&s, &q);
    }
    if (finish(self, &s) < 0) return NULL;
    for (int c = 31; c >= 0; c--) {
        if (!(moves >> c & 1) || values[c] >= 0) continue;
        int n = lowest(G->above[c] & live);
        values[c] = values[n];
    }
    PyObject *result = PyDict_New();
    if (!result) return NULL;
    for (int c = 0; c < 32; c++) {
        if (!(moves >> c & 1)) continue;
        PyObject *key = PyLong_FromLong(G->to_engine[c]);
        PyObject *val = PyLong_FromLong(values[c]);
        if (!key || !val || PyDict_SetItem(result, key, val) < 0) {
            Py_XDECREF(key);
            Py_XDECREF(val);
            Py_DECREF(result);
            return NULL;
        }
        Py_DECREF(key);
        Py_DECREF(val);
    }
    return result;
}

/* Read one question: a pair (card or None, threshold) about position p. */
static int read_question(PyObject *obj, const Pos *p, Question *q) {
    PyObject *pair = PySequence_Fast(obj, "a question is a pair (card or None, threshold)");
    if (!pair) return -1;
    int ok = PySequence_Fast_GET_SIZE(pair) == 2;
    if (!ok) PyErr_SetString(PyExc_ValueError, "a question is a pair (card or None, threshold)");
    PyObject *card = ok ? PySequence_Fast_GET_ITEM(pair, 0) : NULL;
    q->card = -1;
    if (ok && card != Py_None) {
        int e;
        const Game *G = &GAMES[p->game];
        int mover = (p->leader + p->ntrick) % 3;
        ok = card_index(card, &e) == 0;
        if (ok) q->card = G->to_internal[e];
        if (ok && !(legal(G, p->hand[mover], p->ntrick ? p->trick[0] : -1) >> q->card & 1)) {
            PyErr_Format(PyExc_ValueError, "not a legal card here: %d", e);
            ok = 0;
        }
    }
    if (ok) {
        long t = PyLong_AsLong(PySequence_Fast_GET_ITEM(pair, 1));
        ok = !(t == -1 && PyErr_Occurred());
        q->threshold = (int)(t < -10000 ? -10000 : t > 10000 ? 10000 : t);
    }
    Py_DECREF(pair);
    return ok ? 0 : -1;
}

static PyObject *CSolver_reaches_after(CSolverObject *self, PyObject *args) {
    PyObject *worlds_arg, *questions_arg;
    if (!PyArg_ParseTuple(args, "OO:reaches_after", &worlds_arg, &questions_arg)) return NULL;
    PyObject *worlds = PySequence_Fast(worlds_arg, "worlds must be a sequence of positions");
    if (!worlds) return NULL;
    PyObject *asked = PySequence_Fast(questions_arg, "questions must be a sequence, one a world");
    if (!asked) {
        Py_DECREF(worlds);
        return NULL;
    }
    PyObject *result = NULL;
    Py_ssize_t n = PySequence_Fast_GET_SIZE(worlds);
    Pos *pos = PyMem_Calloc(n + 1, sizeof *pos);
    int *first = PyMem_Calloc(n + 1, sizeof *first);
    _Atomic uint64_t *progress = PyMem_Calloc(n + 1, sizeof *progress);
    uint8_t *done = PyMem_Calloc(n + 1, 1);
    Question *questions = NULL;
    uint8_t *answers = NULL;
    if (!pos || !first || !progress || !done) {
        PyErr_NoMemory();
        goto out;
    }
    if (PySequence_Fast_GET_SIZE(asked) != n) {
        PyErr_SetString(PyExc_ValueError, "questions must hold one sequence a world");
        goto out;
    }
    Py_ssize_t total = 0;
    for (Py_ssize_t w = 0; w < n; w++) {
        Py_ssize_t count = PySequence_Size(PySequence_Fast_GET_ITEM(asked, w));
        if (count < 0) goto out;
        first[w] = (int)total;
        total += count;
    }
    first[n] = (int)total;
    questions = PyMem_Calloc(total + 1, sizeof *questions);
    answers = PyMem_Calloc(total + 1, 1);
    if (!questions || !answers) {
        PyErr_NoMemory();
        goto out;
    }
    for (Py_ssize_t w = 0; w < n; w++) {
        if (read_position(PySequence_Fast_GET_ITEM(worlds, w), &pos[w]) < 0) goto out;
        PyObject *mine = PySequence_Fast(PySequence_Fast_GET_ITEM(asked, w), "questions of a world");
        if (!mine) goto out;
        for (int k = first[w]; k < first[w + 1]; k++) {
            if (PySequence_Fast_GET_SIZE(mine) != first[w + 1] - first[w] ||
                read_question(PySequence_Fast_GET_ITEM(mine, k - first[w]), &pos[w], &questions[k]) < 0) {
                if (!PyErr_Occurred()) PyErr_SetString(PyExc_ValueError, "questions changed size");
                Py_DECREF(mine);
                goto out;
            }
        }
        Py_DECREF(mine);
    }
    if (self->in_batch) {
        PyErr_SetString(PyExc_RuntimeError, "this solver is answering a batch in another thread");
        goto out;
    }
    if (!self->lanes) {
        self->lanes = lanes_take();
        if (!self->lanes) {
            PyErr_NoMemory();
            goto out;
        }
    } else if (self->lanes_stale) {
        for (int i = 0; i < LANES; i++) memory_forget(&self->lanes->lane[i]);
    }
    self->lanes_stale = 0;
    Batch b = {
        .lanes = self->lanes, .worlds = (int)n, .pos = pos, .first = first, .questions = questions, .answers = answers,
        .progress = progress, .done = done, .budget = UINT64_MAX,
    };
    atomic_init(&b.next_lane, 0);
    if (self->node_limit >= 0)
        b.budget = (unsigned long long)self->node_limit > self->nodes
                       ? (unsigned long long)self->node_limit - self->nodes
                       : 0;
    int judged = 0;
    uint64_t spent = 0;
    self->in_batch = 1;
    Py_BEGIN_ALLOW_THREADS
    batch_run(&b, thread_count);
    Py_END_ALLOW_THREADS
    self->in_batch = 0;
    while (judged < n && done[judged] && spent + progress[judged] <= b.budget) spent += progress[judged++];
    /* Worlds stopped half-way leave the lanes in a state the threads chose. */
    if (judged < n) self->lanes_stale = 1;
    if (judged < n)
        self->nodes = (unsigned long long)self->node_limit + 1;
    else
        self->nodes += spent;
    result = PyList_New(judged);
    for (int w = 0; result && w < judged; w++) {
        PyObject *row = PyList_New(first[w + 1] - first[w]);
        if (!row) {
            Py_CLEAR(result);
            break;
        }
        for (int k = first[w]; k < first[w + 1]; k++) {
            PyObject *yes = answers[k] ? Py_True : Py_False;
            Py_INCREF(yes);
            PyList_SET_ITEM(row, k - first[w], yes);
        }
        PyList_SET_ITEM(result, w, row);
    }
out:
    PyMem_Free(pos);
    PyMem_Free(first);
    PyMem_Free((void *)progress);
    PyMem_Free(done);
    PyMem_Free(questions);
    PyMem_Free(answers);
    Py_DECREF(worlds);
    Py_DECREF(asked);
    return result;
}

static int set_node_limit(CSolverObject *self, PyObject *value) {
    if (value == NULL || value == Py_None) {
        self->node_limit = -1;
        return 0;
    }
    long long limit = PyLong_AsLongLong(value);
    if (limit == -1 && PyErr_Occurred()) return -1;
    if (limit < 0) {
        PyErr_SetString(PyExc_ValueError, "node_limit must be None or a count of nodes");
        return -1;
    }
    self->node_limit = limit;
    return 0;
}

static PyObject *CSolver_new(PyTypeObject *type, PyObject *args, PyObject *kwds) {
    static char *kwlist[] = {"node_limit", NULL};
    PyObject *limit = Py_None;
    if (!PyArg_ParseTupleAndKeywords(args, kwds, "|O:CSolver", kwlist, &limit)) return NULL;
    CSolverObject *self = (CSolverObject *)type->tp_alloc(type, 0);
    if (!self) return NULL;
    self->nodes = 0;
    /* A new solver starts from forgotten memories (see single_take and lanes_take), so its node
     * counts, and so the budgets and decisions that depend on them, never depend on searches
     * made earlier in the process, nor on other solvers. */
    if (set_node_limit(self, limit) < 0) {
        Py_DECREF(self);
        return NULL;
    }
    return (PyObject *)self;
}

static void CSolver_dealloc(CSolverObject *self) {
    if (self->lanes) lanes_give_back(self->lanes);
    if (self->single) {
        self->single->next_free = free_singles;
        free_singles = self->single;
    }
    Py_TYPE(self)->tp_free((PyObject *)self);
}

static PyObject *CSolver_get_nodes(CSolverObject *self, void *closure) {
    (void)closure;
    return PyLong_FromUnsignedLongLong(self->nodes);
}

static int CSolver_set_nodes(CSolverObject *self, PyObject *value, void *closure) {
    (void)closure;
    if (!value) {
        PyErr_SetString(PyExc_AttributeError, "nodes cannot be deleted");
        return -1;
    }
    unsigned long long n = PyLong_AsUnsignedLongLong(value);
    if (n == (unsigned long long)-1 && PyErr_Occurred()) return -1;
    self->nodes = n;
    return 0;
}

static PyObject *CSolver_get_node_limit(CSolverObject *self, void *closure) {
    (void)closure;
    if (self->node_limit < 0) Py_RETURN_NONE;
    return PyLong_FromLongLong(self->node_limit);
}

static int CSolver_set_node_limit(CSolverObject *self, PyObject *value, void *closure) {
    (void)closure;
    return set_node_limit(self, value);
}

static PyMethodDef CSolver_methods[] = {
    {"value", (PyCFunction)CSolver_value, METH_O,
     "Return the declarer's final card points under best play (Null: 0 if the declarer can avoid "
     "every trick, else 1)."},
    {"reaches", (PyCFunction)CSolver_reaches, METH_VARARGS,
     "Return whether the declarer ends with at least `threshold` card points (Null: avoids every "
     "trick)."},
    {"move_values", (PyCFunction)CSolver_move_values, METH_O,
     "Return the value after each legal card of the player to move, by card index."},
    {"reaches_after", (PyCFunction)CSolver_reaches_after, METH_VARARGS,
     "Answer, world by world, whether the declarer reaches each threshold after each card; "
     "stop where the node budget ends (the worlds are searched on several threads)."},
    {NULL, NULL, 0, NULL},
};

static PyGetSetDef CSolver_getset[] = {
    {"nodes", (getter)CSolver_get_nodes, (setter)CSolver_set_nodes,
     "Search nodes visited by this solver so far.", NULL},
    {"node_limit", (getter)CSolver_get_node_limit, (setter)CSolver_set_node_limit,
     "None, or the node count past which a call raises webapp.ai.solver.SearchLimit.", NULL},
    {NULL, NULL, NULL, NULL, NULL},
};

static PyTypeObject CSolverType = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "webapp.ai._csolver.CSolver",
    .tp_basicsize = sizeof(CSolverObject),
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = "The open-hand solver, compiled: the Solver protocol of webapp.ai.solver.",
    .tp_new = CSolver_new,
    .tp_dealloc = (destructor)CSolver_dealloc,
    .tp_methods = CSolver_methods,
    .tp_getset = CSolver_getset,
};

static PyObject *module_clear_table(PyObject *module, PyObject *unused) {
    (void)module;
    (void)unused;
    for (Single *m = all_singles; m; m = m->next_all) memory_clear(&m->memory);
    Py_RETURN_NONE;
}

static PyObject *module_get_threads(PyObject *module, PyObject *unused) {
    (void)module;
    (void)unused;
    return PyLong_FromLong(thread_count);
}

static PyObject *module_set_threads(PyObject *module, PyObject *arg) {
    (void)module;
    long n = PyLong_AsLong(arg);
    if (n == -1 && PyErr_Occurred()) return NULL;
    if (n < 1 || n > LANES) {
        PyErr_Format(PyExc_ValueError, "threads must be 1 to %d", LANES);
        return NULL;
    }
    thread_count = (int)n;
    Py_RETURN_NONE;
}

static PyMethodDef module_methods[] = {
    {"get_threads", module_get_threads, METH_NOARGS, "Return how many threads a batch of worlds uses."},
    {"set_threads", module_set_threads, METH_O,
     "Set how many threads a batch of worlds uses (the answers and node counts stay the same)."},
    {"clear_table", module_clear_table, METH_NOARGS,
     "Empty the single calls' tables of every solver (benchmarks time searches from an empty table)."},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef csolver_module = {
    PyModuleDef_HEAD_INIT,
    .m_name = "webapp.ai._csolver",
    .m_doc = "The open-hand Skat solver's compiled core; see webapp.ai.solver for the protocol.",
    .m_size = -1,
    .m_methods = module_methods,
};

PyMODINIT_FUNC PyInit__csolver(void) {
    for (int g = 0; g < G_COUNT; g++) build_game(g);
    build_zobrist();
    if (!thread_count) thread_count = default_threads();
    if (PyType_Ready(&CSolverType) < 0) return NULL;
    PyObject *module = PyModule_Create(&csolver_module);
    if (!module) return NULL;
    Py_INCREF(&CSolverType);
    if (PyModule_AddObject(module, "CSolver", (PyObject *)&CSolverType) < 0) {
        Py_DECREF(&CSolverType);
        Py_DECREF(module);
        return NULL;
    }
    return module;
}
