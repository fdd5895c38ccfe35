/** A cell index, row-major: r1c1 is 0, r9c9 is 80 on 9×9. */
export type Cell = number;
/** A digit, 1-based. */
export type Digit = number;
/** HoDoKu-style level. */
export type Level = "easy" | "medium" | "hard" | "unfair" | "extreme";
/** How logic ended. */
export type Outcome = "solved" | "stuck" | "contradiction";

/** One logical step, as the library serialises it. */
export interface Step {
  /** Technique id, such as "x-wing". */
  technique: string;
  /** Rating on the Sudoku Explainer scale (one decimal). */
  rating: number;
  /** Digits of the pattern. */
  digits: Digit[];
  /** Cells of the pattern. */
  cells: Cell[];
  /** Fin cells of finned and sashimi fish. */
  fins?: Cell[];
  /** Links of a chain, in order (chain techniques only). */
  links?: Link[];
  /** Digits placed: [cell, digit]. */
  placements: [Cell, Digit][];
  /** Candidates removed: [cell, digit]. */
  eliminations: [Cell, Digit][];
  /** One sentence in the usual notation. */
  explanation: string;
}

/** One end of a chain link: a digit in one cell, a group of cells or an ALS. */
export interface LinkEnd {
  digit: Digit;
  /** The cell, the group, or the cells of the ALS holding the digit. */
  cells: Cell[];
  /** For an ALS node, its almost locked set: its cells and digits. */
  als?: { cells: Cell[]; digits: Digit[] };
}

/** A link of a chain: strong (=) or weak (-). */
export interface Link {
  from: LinkEnd;
  to: LinkEnd;
  strong: boolean;
}

/** The difficulty of a puzzle. */
export interface Difficulty {
  er: number;
  ep: number;
  ed: number;
  level: Level;
  score: number;
  /** Technique id of the hardest step. */
  hardest: string | null;
  steps: number;
  outcome: Outcome;
}

/** The next step of a puzzle (null when there is none). */
export interface Hint {
  /** The puzzle's line, or the state's Sukaku line. */
  puzzle: string;
  step: Step | null;
  /** Every cell is filled already. */
  solved: boolean;
}

/** A step of an explanation and the candidates after it (a Sukaku line). */
export interface ExplainedStep extends Step {
  candidates: string;
}

/** Every step logic takes, easiest first. */
export interface Explanation {
  puzzle: string;
  /** Candidates before the first step, as a Sukaku line. */
  start: string;
  steps: ExplainedStep[];
  outcome: Outcome;
  difficulty: Difficulty;
  /** The grid where logic ended, as one line. */
  result: string;
}

/** A puzzle and its difficulty. */
export interface Rated {
  puzzle: string;
  difficulty: Difficulty;
}

/** The conflicts of a grid of givens and entries. */
export interface Check {
  /** Cells whose digit a peer also holds. */
  conflicts: Cell[];
  filled: number;
  cells: number;
  /** Every cell filled and no conflict. */
  complete: boolean;
}

/** What to generate; every field may be left out. */
export interface GenerateOptions {
  level?: Level;
  /** "rotate-180" (default), "none", "rotate-90", "mirror", "flip", "diagonal",
   * "anti-diagonal", "both-diagonals", "dihedral", "random". */
  symmetry?: string;
  seed?: number;
  /** Board size: 4, 6, 9 (default), 12, 16, … */
  size?: number;
  maxAttempts?: number;
}
