//! The `fast` engine: classic 9×9 boards only, built for speed.
//!
//! The state is bit-parallel and band-wise: for each digit, three 27-bit words (one per
//! band of three rows) say where the digit can still go ([`state`]). Propagation works
//! on whole bands with table look-ups ([`tables`]): the row/box matching rule gives
//! locked candidates and hidden singles in rows and boxes, a box confined to one column
//! clears that column from the other bands, and a bit-sliced count finds naked singles;
//! once those stall, hidden singles in columns. Search ([`search`]) branches on a
//! two-candidate cell (the one with the most open peers, and while more than 50 cells
//! are open, also the most two-candidate peers sharing a digit) and stops at the limit.
//! [`dispatch`] runs the search compiled for the CPU's bit-manipulation and AVX2
//! instructions when it has them, else a portable build.
//!
//! What decides is time, not instruction counts: on hard puzzles a mispredicted branch
//! costs as much as a few dozen instructions, and callgrind's instruction counts led
//! astray more than once. Measured on the first 4,000 SE 11+ puzzles, first solution,
//! as the time ratio to the `sudoku` crate in the same run (alternating runs):
//!
//! | change | guesses / puzzle | ratio |
//! |---|---:|---:|
//! | before | 100.1 | 1.08× |
//! | clear a band's placed cells with no branch | 100.1 | 1.20× |
//! | hidden singles in columns once propagation stalls | 84.5 | 1.26× |
//! | band-major words, column singles vectorised | 84.5 | 1.27× |
//! | a band's occupied minirows with one BMI2 `pext`, not three table look-ups (whole file; the other sets gain 5–10% too) | 84.5 | 1.37–1.38× (vs 1.29–1.33×) |
//! | column singles counted over a digit's three band words at once, digits 0–7 side by side as the lanes of one vector (whole file; 7.4% fewer instructions on SE 11+, 7% on serg) | 84.5 | 1.46× / 1.52× limit 2 (vs 1.40× / 1.44×); the other sets gain 3–7% too |
//! | while more than 40 cells are open, the branch cell scored by its open peers plus its two-candidate peers that share one of its digits; a cell's digits by one AVX2 shift and `movmskps` (whole files, three alternating rounds; guesses 8% fewer on SE 11+ and 1106 lim2 6%, top1465 12–14%) | 77.4 | 1.49–1.51× / 1.51–1.53× (vs 1.45–1.46× / 1.47–1.48×); top1465 1.57–1.59× / 1.65× (vs 1.48–1.49× / 1.56×); 1106 1.26–1.27× / 1.69–1.70× (vs 1.24× / 1.67–1.68×); 17-clue +1%; serg unchanged |
//! | the clear of a placed row's cell from its band's other eight words as eight 32-bit accesses (volatile, see [`dispatch`]) where the compiler made one 256-bit load and store: the wide load waits for the narrow stores the band update has just made (fifteen alternating rounds of single runs: serg 2%, 17-clue 3–5%; seven: 8 of 10 runs faster, 4–6% on SE 11+) | 77.4 | SE 11+ 1.44–1.68× / 1.56–1.71× (vs 1.45–1.55× / 1.48–1.56×); serg 0.98–1.02× / 0.84–0.93× (vs 0.94–0.97× / 0.88–0.98×); 1106 1.26–1.33× / 1.73–1.83× (vs 1.29–1.39× / 1.52–1.73×): three rounds, the ranges overlap |
//! | the band updates of the AVX2 build take a band's words of digits 0–7 at once, as the eight lanes of one register ([`wide`]): one comparison asks which of them changed, and the matching rule (the six row-to-box matchings tested against the minirow flags), the column lock and the rows with one cell run with no table look-up and no branch per word; digit 8 one word at a time (whole files, `--only`, best of 3 alternating: serg 1.40× / 1.27× as fast, 17-clue 1.31× / 1.22×, SE 11+ 1.10× / 1.06×) | 77.4 | SE 11+ 1.71–1.83× / 1.74–1.91× (vs 1.57× / 1.63×), 1106 1.47–1.61× / 2.02–2.16× (vs 1.30× / 1.79×), top1465 1.88–2.02× / 1.95–2.09× (vs 1.66× / 1.80×), 17-clue 1.97–2.02× / 1.97–2.08× (vs 1.48× / 1.58×), serg 1.14–1.23× / 1.08–1.17× (vs 1.02× / 0.97×); the ranges come from the machine more than the engine: the same binary's ratios moved by 7% over an hour |
//! | a digit-8 placement cleared from the band's first eight words with one 256-bit read and write, the size of the wide update's next load of them, not eight volatile 32-bit ones (two alternating rounds) | 77.4 | SE 11+ 1.81–1.83× / 1.85–1.89× (vs 1.75–1.79× / 1.79–1.85×); the other sets within the noise |
//! | the state of a search passed by reference: a branch's copy is made once, in the caller's frame, where passing it by value copied it a second time, right after the placement's narrow stores to it (two alternating rounds of `peer-compare`, and whole files with `--only`, best of 5) | 77.4 | serg 1.28–1.29× / 1.21–1.23× (vs 1.17–1.21× / 1.09–1.18×), SE 11+ 1.77–1.86× / 1.81–1.92× (vs 1.77–1.78× / 1.81–1.84×), 17-clue alike; whole files: 1106 11% / 3.5% faster, serg 3% / 4%, top1465 3% / 2% |
//! | the givens entered inside the function compiled for the CPU's features (`dispatch::start`), so that the mask of given cells and the loop over the givens use AVX2 and BMI (serg: 2.6% fewer instructions counting to two, file loading included) | 77.4 | whole files, best of 7 alternating: serg 11% / 8% faster, 17-clue 11% / −1.5%; the chunked `peer-compare`, four rounds on serg: within the noise (1.26–1.30× / 1.18–1.24× against 1.27–1.30× / 1.20–1.23×) |
//! | the shared-digit score from 50 open cells on, not 40 (serg's nodes below 50 open cells offer it 12 two-candidate cells each, and the hard sets measured 40 to 55 alike), and the givens' digit checked as `d < 9` so that their words are indexed with no division (on an Intel Xeon with AVX-512; whole files with `--only`, three alternating runs, time against the unchanged engine: serg 5% / 4% faster, SE 11+ and 1106 1% faster, top1465 1.5% slower, 17-clue alike; 55 open cells: top1465 3% slower) | 82.0 | serg 1.21× / 1.18× (vs 1.14× / 1.13×), SE 11+ 1.83× / 1.85× (vs 1.82× / 1.85×), 1106 1.55× / 2.08× (vs 1.52× / 2.01×), top1465 1.90× / 1.96× (vs 1.90× / 2.01×), 17-clue 1.98× / 2.10× (vs 1.96× / 2.07×): `peer-compare --reps 3`, one run each; guesses 6% more on SE 11+, 8% on top1465, 4% on 1106 |
//! | the wide update's column lock computed on the band word's three rows, each holding the columns in use, with shifts within each box ([`wide`]'s `column_locks`), not on the nine folded column bits: the compiler had turned the spread of nine bits back to three rows, and the spread of a box's lone column to its three bits, into a `vpmulld` and a `vpmaddwd`, whose latencies (10 and 5 cycles on the Intel machine) lay on the update's longest chain; the vector instruction after the `vpmulld` held the most time samples of the search (whole files with `--only`, three alternating runs: 2–4% faster on every set) | 82.0 | serg 1.24× / 1.22× (vs 1.21× / 1.18×), SE 11+ 1.91× / 1.93× (vs 1.83× / 1.85×), 1106 1.61× / 2.15× (vs 1.55× / 2.08×), top1465 1.96× / 2.03× (vs 1.90× / 1.96×), 17-clue 2.01× / 2.15× (vs 1.98× / 2.10×): `peer-compare --reps 3`, one run each |
//!
//! Measured and left out:
//!
//! | change | guesses / puzzle | ratio |
//! |---|---:|---:|
//! | claiming along columns once propagation stalls | 81.5 | 1.24× (vs 1.27×) |
//! | a bit mask of dirty words instead of comparing each word | 100.1 | 0.89× (vs 1.08×), with 10% fewer instructions |
//! | a work list of dirty words, marked exactly | 100.1 | 0.88–0.99× (vs 1.08×): one long dependency chain |
//! | a digit's three bands updated together in one SSE2 register | 84.5 | 0.95× (vs 1.27×): a digit changes in one band at a time |
//! | one "changed?" test per digit, then its three bands | 100.1 | 1.11× (vs 1.20×) |
//! | passes band by band instead of digit by digit | 84.5 | 1.16× (vs 1.27×) |
//! | ties of the branch cell broken towards the last cell | 105.1 | 1.12× (vs 1.20×) |
//! | triads in minirows (three digits locked in, or only three possible) once propagation stalls | 83.4 | 1.14× (vs 1.28×) |
//! | column singles before naked singles | 84.5 | 1.20× (vs 1.28×) |
//! | branching on a digit's configuration (the minirow it takes in each box) in the band or stack with the fewest left, as tdoku does | 91.4 | 1.15× (vs 1.28×) |
//! | the same in bands only (no stacks) | 107.7 | 0.99× |
//! | a two-candidate cell of the band with the fewest configurations left | 105.4 | 0.91× |
//! | naked triads in minicolumns (three digits between a minicolumn's cells leave its column and box) once propagation stalls | 83.2 | 1.20× (vs 1.36×) |
//! | the changed words found by one comparison pass over all 27, then only those updated | 84.5 | 1.21× (vs 1.28×); serg 0.74× (vs 0.88×) |
//! | column singles counted row by row over the nine digits, for wider vectors | 84.5 | 1.23× (vs 1.28×) |
//! | no column singles at all | 99.4 | 1.22× (vs 1.31×); serg 0.94× (vs 0.88×) |
//! | once fewer than 35 cells are open, the first two-candidate cell and no column singles | 88.3 | 1.33× (vs 1.31×); serg 0.91× (vs 0.87×); 1106 1.09× (vs 1.13×) |
//! | the first two-candidate cell, never the one with the most open peers | 134.7 | 0.99× (vs 1.31×); serg 0.94× (vs 0.88×) |
//! | one vector test over the 27 words (candidates against those last updated) instead of a second pass finding nothing to update | 84.5 | 1.20× (vs 1.31×); serg 0.84× (vs 0.88×): a wide load right after narrow stores to the same words waits for them |
//! | the clear of a placed row's cell kept scalar (the vectorised clear loads words just stored) | 84.5 | 1.32–1.35× (vs 1.30–1.32×); serg 0.86–0.92× (vs 0.88–0.89×): within the noise |
//! | the open-peer score taken over the first 8 two-candidate cells only (6: 90.3 guesses, slower everywhere) | 86.4 | 1.30–1.34× (vs 1.28–1.32×); serg 0.92–0.93× (vs 0.90–0.91×); other sets within the noise |
//! | a puzzle left with fewer than 50 open cells by the root's propagation searched on without column singles, on the first two-candidate cell | 84.5 (no SE puzzle qualifies) | serg 0.98× / 0.91× limit 2 (vs 0.89× / 0.82×); 17-clue 1.20× / 1.22× (vs 1.25× / 1.28×) |
//! | a mask of the digits whose words may have changed, each digit's three band updates skipped when its bit is clear (4.6% fewer instructions) | 84.5 | 1.18–1.27× / 1.23–1.29× limit 2 (vs 1.38–1.48× / 1.40–1.56×): the per-digit test is mispredicted |
//! | the candidate counts of naked singles summed as a tree (three halving steps over eight lanes) instead of a chain | 84.5 | within the noise (0.8% fewer instructions) |
//! | ties of the open-peer score broken towards the cell with more two-candidate peers | 82.5 | within the noise (2–5% fewer guesses on SE 11+, 1106 and top1465) |
//! | the branch cell scored by the candidates its digits would clear from its peers, not by its open peers | 87.3 | 1.13× (vs 1.46×) |
//! | the exact work list above again, on the current engine and without its dependency chain: a 27-bit mask of dirty words, marked where a word loses a candidate, taken a round at a time (set bits in order, words dirtied during a round left to the next); no `seen` copy (75% more instructions: the indices are no longer constants) | 84.5 | 1.10–1.18× (vs 1.46–1.57×); serg 0.72–0.77× (vs 0.93–0.98×) |
//! | a further pass only when an update changed a word the pass had already visited (23% fewer passes on SE 11+, 6% more instructions) | 84.5 | within the noise on every set |
//! | the band updates of the words a branch's placement changed run at once, with no "changed?" test | 84.5 | within the noise (1–2% on the hard sets) |
//! | the shared-digit score above at every node, with a cell's digits by nine tests (10% more instructions on SE 11+, 26% on serg) | 74.1 | 1.42× (vs 1.45×); serg 0.82× (vs 0.97×) |
//! | the same with the AVX2 cell digits | 75.2 | 1.46–1.48× (vs 1.44–1.45×); serg 0.85–0.88× (vs 0.98×): serg's nodes have 11.5 two-candidate cells each, SE 11+'s 3.5 |
//! | the same over the first 12 two-candidate cells only, the three bands walked as one 128-bit mask | 75.5 | 1.41–1.44× (vs 1.44–1.45×); serg 0.76–0.87× |
//! | the shared-digit count as a tie-break of the open-peer score only | 79.4 | not timed: the full score takes fewer guesses for the same work |
//! | the shared-digit score weighted 2:1 or 1:2 against open peers | 76.8 / 74.7 | not timed (1:1 takes 74.1) |
//! | all two-candidate peers, sharing a digit or not, added to the open-peer score | 84.2 | not timed: no fewer guesses |
//! | the shared-digit score from 45, 50 or 55 open cells on (40 open cells: as kept then; 50 kept since, see above) | 78.8 / 81.4 / 83.8 | within the noise of the kept row on every set |
//! | on a two-candidate cell, the digit with more shared two-candidate peers tried first (then the one with more places) | 77.0 (vs 77.4) | not timed: under 1% fewer guesses for two more counts per branch |
//! | the shared-digit score also wherever four two-candidate cells or fewer remain | 77.4 | not timed: no guess count changes (choices deep in the tree matter little) |
//! | the shared-digit score plus the cell's units where one of its digits has two places left (a hidden single in one branch or the other) | 87.3 | not timed: more guesses on every set (1106 133.2, against 114.9) |
//! | the same units counted against the score, at half weight | 76.8 | not timed: 1106 takes 3% more for a first solution (117.9) and 5% fewer counting to two, serg 2% more |
//! | on a two-candidate cell, the digit with more places in the cell's row, column and box tried first (then the one with more places on the board); with fewer first: 83.8 | 77.5 | not timed: 1106 4% fewer guesses, the other sets within 1% |
//! | the same counted over the cell's 20 peers | 77.5 | 1106 1.25–1.34× (vs 1.27–1.31×), serg 0.97–1.09× (vs 0.90–1.01×), the other sets within the noise: 1106 4% and serg 3% fewer guesses, top1465 2% more; timed again with the chunked `peer-compare` (two runs each, on the current engine): SE 11+ 2–3% slower (1.56× / 1.60× against 1.60× / 1.63–1.64×), 1106 first solutions 1.37–1.41× (vs 1.26–1.36×), serg unchanged |
//! | the first two-candidate cell, unscored, wherever more than eight remain (serg's nodes offer 11.5) | 82.8 | not timed: more guesses on every set, serg too (5.84 against 5.47) |
//! | look-ahead while more than 50 cells are open: both digits of every two-candidate cell tried with full propagation, a digit that fails removed, and the branch taken on the cell whose two tries leave the fewest open cells, reusing the tries | 67.8 (tries not counted) | 1.09× (vs 1.50×); 1106 0.95× / 1.34× (vs 1.30× / 1.72×) |
//! | the same while more than 56 cells are open (only the first nodes of a search) | 79.0 | 1.43× (vs 1.52×): the look-ahead's choice takes more guesses than the shared-digit score |
//! | branching on a digit with two places left in a row or box (either place, both placements) where it outscores the best two-candidate cell: the fewer open peers of its two cells, plus the two-candidate peers of either that hold the digit | 112.3 | not timed; taken only where it wins by more than 4 points: 78.8 |
//! | a two-candidate peer counted in the shared-digit score once for each of the cell's digits it holds (a peer with both counts twice) | 77.6 | not timed: within 1% on every set |
//! | three-candidate peers sharing a digit added to the shared-digit score at half weight (equal weight: 81.5) | 77.3 | not timed: 1106 4% more (119.5) |
//! | profile-guided optimisation of the whole comparison binary (`-Cprofile-use`, profiled on all five sets, both solvers) | 77.4 | 1.42–1.46× (vs 1.47–1.50×); serg 0.92–1.08× (vs 0.94–1.01×): in puzzles/s `fast` 4–5% slower on SE 11+ and 6–10% on serg, the crate within 5% |
//! | which rows of the updated word hold one bit, by taking each row's lowest bit out (one subtraction: every row holds a bit) and one `pext` and look-up, not three look-ups (7 fewer instructions an update) | 77.4 | within the noise; 1106 5–10% slower: a longer dependency chain |
//! | the candidate branch cells walked as one 128-bit mask, not band by band (one loop exit to mispredict, not three) | 77.4 | 1–10% slower on most sets |
//! | a branch's copy of the state made on the branch's side of the call, the placement after it (the copy passed by value loads the words the placement has just stored) | 77.4 | within the noise: SE 11+ 1% slower, the other sets ±7% between rounds |
//! | naked singles counted for all three bands, and each single's digit read, from one copy of the candidates taken first (so no vector load follows a single's narrow stores) | 77.4 | 1–2% slower: SE 11+ 1.55× / 1.59× in two runs of the chunked `peer-compare` (vs 1.57–1.58× / 1.61×), top1465 1.63–1.64× (vs 1.65–1.68×), the other sets alike |
//! | separate 32-bit accesses, as in the kept row of the clear above, for a placement's clear of its cell from the band's nine words too (a branch places right after copying the state) | 77.4 | within the noise |
//! | the words to update found once a round (a 27-bit mask from a scalar comparison of each word with its last update), then each set bit sent by a `match` to that word's update with constant indices (a jump table), in place of a test before each word's update | 77.4 | 1.21–1.26× / 1.24–1.31× (vs 1.57× / 1.62×); serg 0.79–0.82× (vs 1.03×); 17-clue 1.11–1.17× (vs 1.51×): the indirect jump of each update is mispredicted at least as often as the tests it replaces |
//! | the shared-digit part of the branch score split by digit (`nx`, `ny`: two-candidate peers holding each of the cell's digits), scored as open peers plus `2·min(nx, ny)`, plus `min + max/2`, plus `(1 + nx)(1 + ny)`, or twice the open peers plus `(1 + nx)(1 + ny)` (a branch whose other side forces little is a poor one) | 77.1–78.6 | not timed: within 2% of the kept score on every set (1106 113.5–117.0 against 114.9) |
//! | the branch score taken over the first 4, 6 or 8 two-candidate cells only (in cell order, the rest left out) | 97.0 / 85.7 / 80.8 | not timed: 1106 146.5 / 128.3 / 121.9; serg 5.54 / 5.42 / 5.42 |
//! | the first two-candidate cell, unscored, once 40 cells or fewer are open (the shared-digit score above them as kept) | 83.2 | SE 11+ 1.54–1.55× / 1.58–1.59× (vs 1.58× / 1.62–1.63×), 1106 1.25–1.29× / 1.66–1.70× (vs 1.33–1.36× / 1.77–1.85×), top1465 and 17-clue 1–4% slower; serg 1.08–1.09× / 0.98–0.99× (vs 1.02–1.03× / 0.93–0.95×) |
//! | the first two-candidate cell at every node, as the `sudoku` crate takes it, lowest digit first (with the digit with more places first: serg 1.17–1.21× / 1.05–1.06×, 5.82 guesses) | 137.4 | serg 1.22–1.26× / 1.10–1.12× (vs 1.04× / 0.93–0.95×); 1106 241.3, top1465 21.9 guesses: scoring costs serg about 16% of its time (11.5 two-candidate cells a node) and saves the hard sets 40–50% of their guesses |
//! | the digit tried first on a two-candidate cell picked with a mask instead of an `if` | 77.4 | within the noise: the compiler's code had no branch there |
//! | the branch score's two peer counts (open peers, digit-sharing two-candidate peers) as three 64-bit population counts, each band's two words side by side, instead of six 32-bit ones | 77.4 | within the noise on every set (two runs) |
//! | digit 8 of the three bands as a fourth vector (lanes 0–2 of a 128-bit register, the bands' column locks crossing lanes by shuffles), words laid out as digits 0–7 of each band then digit 8's three (two alternating rounds of `peer-compare`) | 77.4 | SE 11+ 1.55–1.57× / 1.59–1.61× (vs 1.72–1.75× / 1.76–1.80×), serg 1.07–1.10× / 0.97–1.01× (vs 1.20–1.24× / 1.12–1.16×), 17-clue 1.73–1.85× (vs 1.98–2.00×); gathered from the 9-word layout instead: 3–9% slower |
//! | that layout alone (digit 8's words after the 24 others, the groups at 32-byte offsets, with or without 32-byte alignment of the state) | 77.4 | within the noise: SE 11+ 1.66–1.70× (vs 1.71–1.76×), 17-clue and serg alike |
//! | digit 8's update run at every pass, with no "changed?" test (it is idempotent) | 77.4 | serg 0.95–0.97× / 0.90–0.94× (vs 1.16–1.17× / 1.10×), SE 11+ 1.57× (vs 1.66–1.69×): its eight narrow clears make the next wide load wait |
//! | naked singles entered by keeping the cell alone in its row of its digit's word, the band updates doing the rest (no per-single loop) | 77.4 | 17-clue 7–14% slower, SE 11+ 2–3%, serg within the noise |
//! | the givens entered the same way (no look-up of a given's peers; the first band updates clear boxes and columns) | 77.4 | 17-clue 5% slower, serg 0–3% faster; with boxes and columns cleared in the same branch-free pass: serg 8% slower, 17-clue 5–8% |
//! | a placement's writes made as whole-band selects (its band's nine words cleared with the digit's own word set in the same pass, and digit `d`'s column cleared from the other bands by an `and` over their nine words), so that the wide update's next loads find whole-width stores (five alternating rounds of `peer-compare`, three of whole files) | 77.4 | within the noise: 1106 2–8% faster, SE 11+ alike, 17-clue 1–2% slower, serg ±5% between rounds |
//! | the branch score taken over the first 12 two-candidate cells of a node only, the rest left unscored (serg's nodes offer 11.5 on average, SE 11+'s 3.5) | 77.7 | serg 1.24× / 1.13–1.15× (vs 1.21–1.22× / 1.15–1.16×), SE 11+ 1.80× / 1.84–1.85× (vs 1.84–1.87× / 1.89–1.90×), 1106 within the noise (two alternating rounds); with 10: 78.2 |
//! | an AVX-512 variant (`avx512f`, on an AMD Zen 5 machine): a band's nine words, digit 8's with them, updated as nine lanes of one 512-bit register, so that digit 8 needs no update of its own; loads and stores masked to the nine lanes; a cell's digits by one masked load and `vptestmd` | 77.4 | whole files with `--only`, first solutions: serg 22.8 ms (vs 14.9), SE 11+ 1.36 s (vs 0.89): 1.5 times as slow; a load after a masked store of the same words seems not to take its value from the store |
//! | the same with the state laid out sixteen words a band (64-byte aligned), so that every load and store of a band is a whole unmasked 512-bit one | 77.4 | serg 4% slower, SE 11+ 1% slower; the AVX2 update alone compiled with `avx512f` enabled: 3% slower on both; skipping the cross-lane fold when no row was left with one cell: serg 16% slower (a mispredicted branch) |
//! | the shared-digit score only at nodes with at most 12, 8 or 5 two-candidate cells, the plain open-peer score at the others (a serg node scores 12.6 cells on average, counted with the current engine) | 78.8 / 81.4 / 83.6 | `sudokit bench`, one run each: serg first solutions 2–4% faster (5.5 / 5.4 / 5.4 guesses), the hard sets within the noise, with 1–6% more guesses on SE 11+, 1–6% on 1106, 4–14% on top1465 |
//! | the wide update's "changed?" test as one XOR and `vptest` instead of a comparison, `vpmovmskb` and a compare (fewer steps from the vector to the flags, on the Zen 5 machine) | 77.4 | whole files with `--only`, three alternating runs: serg within 1–2%, SE 11+ up to 2% slower |
//! | the first two-candidate cell, unscored, once 15, 20, 25 or 30 cells or fewer are open (near the leaves, where a choice decides over a small subtree) | 77.6 / 77.8 / 78.0 / 78.5 | `sudokit bench`, one run each: every set within the noise (serg 5.6–5.7 guesses against 5.5): serg's nodes are mostly 30–40 cells open |
//! | the candidate counts of the naked singles in the AVX2 build from a band's digits 0–7 folded in vector registers (upper lanes onto lower, two bands sharing a register, pairs of lanes swapped twice), digit 8 joined last: the scalar count was 11% of serg's instructions under callgrind (on the Intel machine) | 82.0 | 3% fewer instructions on serg; whole files with `--only`, alternating runs: two builds 0–2% faster and −1–1% on every set: within the noise |
//! | the givens sorted by digit with one byte comparison and `pmovmskb` per digit and 32-byte part of the grid, and each digit's words built from its givens' occupied minirows (a table of the rows and boxes they see, and how many: givens that hold fewer rows, boxes or columns than they are clash), no loop over the givens | 82.0 | serg 0–1% faster, SE 11+ 1–3% slower (whole files with `--only`, two rounds of three): entering the givens was 7% of serg's time, and this did not halve it |
//! | the first pass of band updates after a placement with no "changed?" test for the three groups of digits 0–7 (every propagation in a search starts right after one, which changes its own band's group and, through the column, mostly the others'), later passes as kept | 82.0 | 1–7% slower on every set, 17-clue within the noise (whole files with `--only`, three alternating runs): an update that finds nothing costs more than the mispredicted test it saves |
//!
//! The last fifty-six rows were measured on whole files (SE 11+, serg, 1106; from the
//! sixth on, all five sets), best of 2, 3 or 5, alternating with the unchanged engine
//! (the nine before the two AVX-512 rows with the chunked `peer-compare --reps 3`, one
//! to five runs each; the AVX-512 rows with whole files, `--only`, two alternating runs;
//! the shared-digit row after them and the row of unscored cells near the leaves with
//! `sudokit bench`, one run each; the `vptest` row with `--only`, three alternating
//! runs; the last three on the Intel machine, with `--only`, alternating runs);
//! "not timed" rows count guesses only (`sudokit bench`). `peer-compare` has since
//! timed files chunk by chunk (250 puzzles, each chunk's best kept), which brought the
//! spread of its ratios between runs from up to 18% down to 1–3%.
//! The row of fewer than 50 open cells trades 17-clue time for serg time: serg puzzles
//! keep 30–49 open cells after the root and gain, the 17-clue puzzles that qualify (a
//! fifth of them) lose, and the hard sets (55 open cells or more) are untouched. A
//! threshold that helps one file and hurts another is a fit to the benchmark, not a
//! rule, so it was left out. The threshold kept for the shared-digit score is of
//! another kind: no set loses by it (the score costs the same at every node, and only
//! pays where a choice decides over a large subtree), and 40 to 55 open cells measure
//! alike on the hard sets. It was moved from 40 to 50 when serg, whose nodes mostly
//! have 30–49 open cells, measured 4–5% faster by it; top1465 is 1.5% slower by the
//! move, within that range, and the other sets are not slower. The row of further
//! passes shows that the passes themselves cost little: a pass that finds nothing to
//! update is 27 well-predicted comparisons; the time goes to the updates and to the
//! mispredicted tests of which words changed.
//!
//! Where the two solvers part: the `sudoku` crate's guesses, counted in a copy of it
//! with a counter added (outside this project), are per puzzle, first solution and
//! counting to two: SE 11+ 160.5 / 317.7, 1106 204.7 / 614.1, top1465 26.4 / 43.4,
//! 17-clue 2.87 / 4.32, serg 11.6 / 12.8 (counted as here, each side of a branch). This
//! engine takes half as many or fewer on every set (0.29 of the crate's on 17-clue,
//! 0.48 on SE 11+). Before the wide band update each guess cost more: on SE 11+ about
//! 1.3 times the crate's time per guess, on serg about twice. Under callgrind this
//! engine then ran fewer instructions than the crate on serg (15,300 a puzzle against
//! 16,500 for a first solution) and fewer simulated mispredictions, yet took as long:
//! the "changed?" test of each of the 27 words, which the wide update asks once per
//! band, was the most mispredicted branch. Now a guess costs about 1.2 times the
//! crate's time on SE 11+ and 1.8 times on serg (a puzzle's time over its guesses, the
//! start from the givens included), whose nodes offer 11.5 two-candidate cells each to
//! the branch score, against 3.5 on the hard sets.
//!
//! Earlier measurements by instruction count alone also left out triads in both
//! directions (79% more instructions for 20% fewer guesses) and branching on a digit's
//! configuration in a band (50% more, and more guesses).
//!
//! Sources of the ideas (the code here is written from these descriptions):
//! - JCZSolve by zhouyundong, champagne and JasonLion (forum.enjoysudoku.com, "3.77us
//!   solver" thread): digits stored band by band, the update that shrinks rows to
//!   minirows and looks up the locked-candidate result, the pairing of the naked-single
//!   scan with the search for bivalue cells.
//! - The `sudoku` crate (emerentius, AGPL-3.0), a Rust port of JCZSolve: the notes that a
//!   bivalue cell nearly always exists and that a few cells are worth comparing when none
//!   does. It is not a dependency of this library; `sudokit-bench` runs it side by side.
//! - tdoku by Tom Dillon ("A fast Sudoku solver", t-dillon.github.io/tdoku): the analysis
//!   of which propagation pays off on hard puzzles (hidden singles, locked candidates in
//!   box-bands, triads) and the benchmark data sets used here.

// The docs above link this module's private parts, for `cargo doc --document-private-items`.
#![allow(rustdoc::private_intra_doc_links)]

mod dispatch;
mod exclude;
mod propagate;
mod search;
mod state;
mod tables;
mod variant;
#[cfg(target_arch = "x86_64")]
mod wide;

use crate::engine::nine::{self, Run};
use crate::engine::{Engine, Query, Search, SolveError};
use crate::grid::Grid;
use crate::layout::Layout;

pub(crate) use exclude::differs_on;
use state::State;

/// The `fast` engine (see the module docs). Classic 9×9 boards only; other layouts get
/// [`SolveError::Unsupported`].
///
/// ```
/// use sudokit::engine::{Engine, Fast, Query};
/// let puzzle: sudokit::Grid =
///     "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
///         .parse()
///         .unwrap();
/// let found = Fast.search(&puzzle, &Query::up_to(2)).unwrap();
/// assert_eq!(found.count, 1);
/// assert!(found.solution.unwrap().is_solution_of(&puzzle));
/// ```
#[derive(Debug, Clone, Copy, Default)]
pub struct Fast;

impl Engine for Fast {
    fn name(&self) -> &'static str {
        "fast"
    }

    fn supports(&self, layout: &Layout) -> bool {
        nine::supports(layout)
    }

    fn search(&self, puzzle: &Grid, query: &Query) -> Result<Search, SolveError> {
        nine::search(self, puzzle, query, start)
    }

    /// Clashing givens are caught as the state is built (`State::from_givens`).
    fn rejects_clashes(&self, layout: &Layout) -> bool {
        self.supports(layout)
    }
}

/// Searches from the givens `cells` (row-major, 0 = empty) within `run`; clashing
/// givens find nothing, and count as one node that failed, as in the other engines.
fn start(cells: &[u8; 81], run: &mut Run) {
    dispatch::start(run, cells);
    if run.stats.nodes == 0 {
        run.stats.nodes = 1;
        run.stats.backtracks = 1;
    }
}

/// The state with every given placed; `None` when two givens clash (or a value is
/// out of range).
pub(crate) fn givens(cells: &[u8]) -> Option<State> {
    State::from_givens(cells.try_into().ok()?)
}
