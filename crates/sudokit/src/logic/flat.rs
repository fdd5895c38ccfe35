//! Short lists, one per bucket (a node's links, an ALS's partners), laid out in one
//! flat list: bucket `b`'s items at `list[start[b]..start[b + 1]]`.
//!
//! The link graphs and the ALS list of a state hold thousands of such lists. One
//! allocation for them all, filled in place, costs less than a vector each, or a
//! list of pairs sorted afterwards. The layout takes two passes: the caller counts
//! each bucket's items first (cheaply, where it can count them without listing
//! them), then [`Rooms`] takes them in place, each bucket's in the order given (a
//! stable counting sort). A bucket may take fewer items than counted; the gaps are
//! closed when the list is finished.

/// Room for each bucket's items in one flat list, and the items taken so far.
pub(crate) struct Rooms<T> {
    list: Vec<T>,
    /// Where each bucket's room starts; at the last bucket's index plus one, where
    /// the last room ends.
    start: Vec<u32>,
    /// Where the next item of each bucket goes.
    end: Vec<u32>,
}

impl<T: Copy + Default> Rooms<T> {
    /// Rooms for as many buckets as `counts` has entries after its first, bucket `b`
    /// for `counts[b + 1]` items (`counts[0]` is 0).
    pub(crate) fn new(mut counts: Vec<u32>) -> Rooms<T> {
        debug_assert_eq!(counts.first(), Some(&0));
        for i in 1..counts.len() {
            counts[i] += counts[i - 1];
        }
        let len = counts.last().map_or(0, |&n| n as usize);
        Rooms {
            list: vec![T::default(); len],
            end: counts.clone(),
            start: counts,
        }
    }

    /// Takes `item` after the items of bucket `b` (within the room counted for it).
    #[inline]
    pub(crate) fn push(&mut self, b: usize, item: T) {
        let at = &mut self.end[b];
        self.list[*at as usize] = item;
        *at += 1;
    }

    /// The items of bucket `b` taken so far.
    pub(crate) fn taken(&self, b: usize) -> &[T] {
        &self.list[self.start[b] as usize..self.end[b] as usize]
    }

    /// The flat list and where each bucket's items start (and, at the last bucket's
    /// index plus one, end), the rooms not filled closed up.
    pub(crate) fn finish(self) -> (Vec<T>, Vec<u32>) {
        let buckets = self.start.len() - 1;
        if self.end[..buckets] == self.start[1..] {
            return (self.list, self.start);
        }
        let mut list = Vec::with_capacity(self.list.len());
        let mut start = Vec::with_capacity(buckets + 1);
        start.push(0);
        for b in 0..buckets {
            list.extend_from_slice(self.taken(b));
            start.push(list.len() as u32);
        }
        (list, start)
    }
}

#[cfg(test)]
mod tests {
    use super::Rooms;

    #[test]
    fn items_keep_their_order_within_a_bucket_and_gaps_close() {
        // Three buckets counted for 2, 0 and 3 items.
        let mut rooms: Rooms<u32> = Rooms::new(vec![0, 2, 0, 3]);
        for (b, item) in [(2, 7), (0, 1), (2, 8), (0, 2), (2, 9)] {
            rooms.push(b, item);
        }
        assert_eq!(rooms.taken(2), &[7, 8, 9]);
        assert_eq!(rooms.finish(), (vec![1, 2, 7, 8, 9], vec![0, 2, 2, 5]));

        // Bucket 0 takes one item of the two counted.
        let mut rooms: Rooms<u32> = Rooms::new(vec![0, 2, 0, 3]);
        for (b, item) in [(2, 7), (0, 1), (2, 8), (2, 9)] {
            rooms.push(b, item);
        }
        assert_eq!(rooms.finish(), (vec![1, 7, 8, 9], vec![0, 1, 1, 4]));

        let empty: Rooms<u32> = Rooms::new(vec![0]);
        assert_eq!(empty.finish(), (vec![], vec![0]));
    }
}
