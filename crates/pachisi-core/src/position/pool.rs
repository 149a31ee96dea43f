//! The pool: the throws of the current turn not spent yet, as increments of movement (a throw or
//! one die of it, a bonus step, a capture or finish bonus, a share of a divided 14), and the
//! bound on how many it holds.

/// Most throws (with their bonus steps) a turn can hold at once. When the pool is full, throwing
/// stops and the turn is spent: with every real throw table this needs dozens of extra throws in a
/// row, far less likely than once in the lifetime of the universe.
pub const MAX_POOL: usize = 24;

/// An amount of movement waiting to be spent: a throw (or one die of it), a bonus step of one
/// square, or a capture or finish bonus.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct Increment {
    /// Squares.
    pub value: u8,
    /// Whether this moves only and is never a grace: a bonus step, or what is left of a split throw.
    pub plain: bool,
    /// Whether this is a capture or finish bonus (003): taken whole by one piece or forfeited, and
    /// never counted when as many increments as possible must be used.
    pub bonus: bool,
    /// Whether this is a share of a doublet's 14 squares under `doubles.fourteen` other than
    /// `increments`, and which.
    pub share: Share,
}

/// Whether an increment is a share of a doublet's 14 squares where they may be divided (003,
/// TR): such shares are spent together, square by square, and count by the square when as much
/// of the throw as possible must be used.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum Share {
    /// An ordinary increment.
    #[default]
    None,
    /// One of the four numbers of the doublet (a top, which may bring a pawn in, or an
    /// underside); nothing of the 14 has been divided yet.
    Part,
    /// What is left of the 14 once a pawn took some of it: taken whole by one pawn where the 14
    /// is divided between two pawns, divided again where among any number.
    Rest,
}

impl Increment {
    /// A throw's increment (or a die's), which may be a grace.
    pub(crate) fn thrown(value: u8) -> Increment {
        Increment {
            value,
            plain: false,
            bonus: false,
            share: Share::None,
        }
    }

    /// A capture or finish bonus of `value` squares (003).
    pub(crate) fn bonus(value: u8) -> Increment {
        Increment {
            value,
            plain: true,
            bonus: true,
            share: Share::None,
        }
    }
}

/// The throws of the current turn that have not been spent yet.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Pool {
    items: [Increment; MAX_POOL],
    pub(super) len: u8,
}

impl Pool {
    pub(super) const EMPTY: Pool = Pool {
        items: [Increment {
            value: 0,
            plain: false,
            bonus: false,
            share: Share::None,
        }; MAX_POOL],
        len: 0,
    };

    /// The increments, in the order they were thrown.
    #[inline]
    pub fn items(&self) -> &[Increment] {
        &self.items[..usize::from(self.len)]
    }

    /// Whether nothing is left to spend.
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// How many increments are not bonuses.
    pub fn thrown_count(&self) -> u8 {
        self.items().iter().filter(|i| !i.bonus).count() as u8
    }

    /// What "use as many increments as possible" counts: the increments that are not bonuses,
    /// with a share of a divisible 14 counted by its squares (see [`Share`]).
    pub fn thrown_measure(&self) -> u8 {
        self.items()
            .iter()
            .filter(|i| !i.bonus)
            .map(|i| if i.share == Share::None { 1 } else { i.value })
            .sum()
    }

    /// Whether the pool holds a thrown increment (not a bonus) of `value`.
    #[inline]
    pub(crate) fn holds_thrown(&self, value: u8) -> bool {
        self.items().iter().any(|i| i.value == value && !i.bonus)
    }

    /// Whether the pool holds shares of a divisible 14 (003, TR).
    #[inline]
    pub fn has_shares(&self) -> bool {
        self.items().iter().any(|i| i.share != Share::None)
    }

    pub(crate) fn mark_share(&mut self, index: usize, share: Share) {
        self.items[index].share = share;
    }

    pub(super) fn is_full(&self) -> bool {
        usize::from(self.len) == MAX_POOL
    }

    pub(crate) fn push(&mut self, inc: Increment) -> bool {
        if self.is_full() {
            return false;
        }
        self.items[usize::from(self.len)] = inc;
        self.len += 1;
        true
    }

    /// Empties the pool, resetting every slot so that equal pools compare and hash equal.
    pub(crate) fn clear(&mut self) {
        *self = Pool::EMPTY;
    }

    pub(crate) fn remove(&mut self, index: usize) {
        let len = usize::from(self.len);
        // Usually the only or the last increment: then nothing needs to shift.
        if index + 1 < len {
            self.items.copy_within(index + 1..len, index);
        }
        self.len -= 1;
        self.items[usize::from(self.len)] = Increment::default();
    }

    pub(crate) fn set_value(&mut self, index: usize, value: u8) {
        self.items[index].value = value;
    }

    pub(crate) fn mark_plain(&mut self, index: usize) {
        self.items[index].plain = true;
    }

    /// Removes the last `throws` throws together with the bonus steps that followed them.
    pub(super) fn pop_throws(&mut self, mut throws: u8) {
        while throws > 0 && self.len > 0 {
            self.len -= 1;
            let inc = self.items[usize::from(self.len)];
            self.items[usize::from(self.len)] = Increment::default();
            if !inc.plain {
                throws -= 1;
            }
        }
    }
}
