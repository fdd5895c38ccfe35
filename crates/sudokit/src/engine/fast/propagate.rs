//! The propagation of a [`State`] (the steps the [`super::state`] module docs list),
//! written once over the instruction-set [`Variant`] that runs it. Kept apart from the
//! state so that the state does not depend on the variants, which take it.

use super::state::{word, Singles, State};
use super::tables::{BAND, BAND_KEEP, COLUMN_KEEP, PEERS, SINGLE_ROW};
use super::variant::Variant;

impl State {
    /// The digits (bit `d` = digit `d + 1`) still possible on the cell `bit` of band `b`.
    #[inline(always)]
    pub fn digits_at<V: Variant>(&self, variant: V, b: usize, bit: u32) -> u32 {
        variant.cell_digits((&self.cand[word(0, b)..][..9]).try_into().unwrap(), bit)
    }

    /// Runs band updates, naked singles and column hidden singles to a fixpoint; `false`
    /// on a contradiction.
    #[inline(always)]
    pub fn propagate<V: Variant>(&mut self, variant: V) -> bool {
        loop {
            if !variant.update_bands(self) {
                return false;
            }
            if self.is_solved() {
                return true;
            }
            match self.naked_singles(variant) {
                Singles::Contradiction => return false,
                Singles::Placed => continue,
                Singles::None => {}
            }
            match self.column_singles() {
                Singles::Contradiction => return false,
                Singles::Placed => continue,
                Singles::None => return true,
            }
        }
    }

    /// Band updates until no word changes, one word at a time; `false` on a
    /// contradiction. The portable variant's [`Variant::update_bands`].
    #[inline(always)]
    pub fn update_bands<V: Variant>(&mut self, variant: V) -> bool {
        /// One pass over the 27 words, unrolled so that every index is a constant.
        macro_rules! pass {
            ($self:ident, $changed:ident; $($d:literal)*) => {$(
                if !$self.update_band::<V, $d, 0>(variant, &mut $changed)
                    || !$self.update_band::<V, $d, 1>(variant, &mut $changed)
                    || !$self.update_band::<V, $d, 2>(variant, &mut $changed)
                {
                    return false;
                }
            )*};
        }
        loop {
            let mut changed = false;
            pass!(self, changed; 0 1 2 3 4 5 6 7 8);
            if !changed {
                return true;
            }
        }
    }

    /// One band update of digit `D` in band `B` when its word changed since the last
    /// one (see the module docs); `false` on a contradiction.
    #[inline(always)]
    pub(super) fn update_band<V: Variant, const D: usize, const B: usize>(
        &mut self,
        variant: V,
        changed: &mut bool,
    ) -> bool {
        let i = word(D, B);
        let s0 = self.cand[i];
        if s0 == self.seen[i] {
            return true;
        }
        *changed = true;
        let s = s0 & BAND_KEEP[variant.minirows(s0) & 0x1ff];
        if s == 0 {
            return false;
        }
        self.seen[i] = s;
        let cols = (s | s >> 9 | s >> 18) & 0x1ff;
        let keep = COLUMN_KEEP[cols as usize];
        self.cand[word(D, (B + 1) % 3)] &= keep;
        self.cand[word(D, (B + 2) % 3)] &= keep;
        let solved = SINGLE_ROW[(s & 0x1ff) as usize] as u32
            | (SINGLE_ROW[(s >> 9 & 0x1ff) as usize] as u32) << 9
            | (SINGLE_ROW[(s >> 18 & 0x1ff) as usize] as u32) << 18;
        let new = solved & self.unsolved[B];
        self.unsolved[B] &= !new;
        let band: &mut [u32; 9] = (&mut self.cand[word(0, B)..][..9]).try_into().unwrap();
        variant.clear_others::<D>(band, new);
        self.cand[i] = s;
        true
    }

    /// Places every cell with a single candidate, a band at a time.
    ///
    /// A single's cell holds no other digit, so placing it only clears its peers from
    /// its own digit's words. Two singles of one digit that see each other clash: the
    /// second finds its cell empty.
    #[inline(always)]
    fn naked_singles<V: Variant>(&mut self, variant: V) -> Singles {
        let mut found = Singles::None;
        for b in 0..3 {
            let (c1, c2, c3, _) = self.counts(b);
            if c1 != BAND {
                return Singles::Contradiction;
            }
            self.pairs[b] = c2 & !c3 & self.unsolved[b];
            let singles = c1 & !c2 & self.unsolved[b];
            if singles == 0 {
                continue;
            }
            found = Singles::Placed;
            self.unsolved[b] &= !singles;
            let mut rest = singles;
            while rest != 0 {
                let bit = rest & rest.wrapping_neg();
                rest ^= bit;
                let digits = self.digits_at(variant, b, bit);
                if digits == 0 {
                    return Singles::Contradiction;
                }
                let d = digits.trailing_zeros() as usize % 9;
                let peers = &PEERS[27 * b + bit.trailing_zeros() as usize % 27];
                self.cand[word(d, 0)] &= !peers[0];
                self.cand[word(d, 1)] &= !peers[1];
                self.cand[word(d, 2)] &= !peers[2];
            }
        }
        found
    }
}
