//! The reference's state: the starting position, what stands where (pieces finished or on the
//! board, counts on a square, opponents and blockades there), and the one-line position notation
//! read and written as docs/notation.md documents it, so that the reference and the engine can be
//! compared position by position.

use super::*;

impl RefRules {
    pub(crate) fn start(&self) -> RefState {
        let row = self.start_row();
        // A seat with a piece on the board has entered.
        let entered = row.iter().any(|&p| p > 0);
        RefState {
            progress: vec![row; self.seats],
            to_move: 0,
            phase: RefPhase::Throw,
            pool: Vec::new(),
            again: false,
            streak: None,
            opened: vec![false; self.seats],
            entered: vec![entered; self.seats],
            credits: vec![0; self.seats],
            open: vec![vec![None; self.pieces]; self.seats],
            placed: Vec::new(),
            left: vec![0; self.pieces],
            arrived: vec![false; self.pieces],
            carrying: 0,
            first: vec![self.landing.first_turn_rules; self.seats],
            tries: 0,
            throws: 0,
            thrower: 0,
        }
    }

    /// Whether a piece at `progress` has finished: home, or anywhere in its lane where the goal
    /// is there (the squares after the end square's last visit).
    pub(crate) fn in_goal(&self, progress: u8) -> bool {
        if self.goal_lane {
            progress > self.turn_home
        } else {
            progress == self.home
        }
    }

    pub(crate) fn finished(&self, s: &RefState, seat: usize) -> bool {
        s.progress[seat].iter().all(|&p| self.in_goal(p))
    }

    pub(crate) fn on_board(&self, s: &RefState, seat: usize) -> bool {
        s.progress[seat].iter().any(|&p| p > 0 && p < self.home)
    }

    /// How many pieces of each seat stand on a square.
    pub(crate) fn counts(&self, s: &RefState, sq: Square) -> Vec<usize> {
        (0..self.seats)
            .map(|t| {
                s.progress[t]
                    .iter()
                    .filter(|&&p| self.square(t, p) == Some(sq))
                    .count()
            })
            .collect()
    }

    /// Pieces of the mover's opponents (other teams) on a square.
    pub(crate) fn opponents_on(&self, s: &RefState, sq: Square) -> usize {
        let counts = self.counts(s, sq);
        (0..self.seats)
            .filter(|&t| self.team[t] != self.team[s.to_move])
            .map(|t| counts[t])
            .sum()
    }

    /// Whether two pieces of one seat (any seat) form a blockade on a square.
    pub(crate) fn blockade_on(&self, s: &RefState, sq: Square) -> bool {
        self.blockades && self.counts(s, sq).iter().any(|&n| n >= 2)
    }

    // --- notation (docs: notation.rs) -----------------------------------------------------

    pub(crate) fn parse(&self, text: &str) -> RefState {
        let mut s = self.start();
        if text.trim() == "start" {
            return s;
        }
        s.first = vec![false; self.seats];
        s.entered = vec![false; self.seats];
        let fields: Vec<&str> = text.split_whitespace().collect();
        assert!(fields.len() >= 3, "position `{text}` has too few fields");
        let groups: Vec<&str> = fields[0].split('/').collect();
        assert_eq!(groups.len(), self.seats, "seats in `{text}`");
        for (seat, group) in groups.iter().enumerate() {
            let items: Vec<&str> = group.split(',').collect();
            assert_eq!(items.len(), self.pieces, "pieces in `{text}`");
            for (i, item) in items.iter().enumerate() {
                s.progress[seat][i] = if *item == "h" {
                    self.home
                } else {
                    item.parse().expect("a progress")
                };
            }
        }
        let mut turn = fields[1].chars();
        s.to_move = turn
            .next()
            .and_then(|c| self.seat_of_letter(c))
            .expect("a seat letter");
        s.thrower = s.to_move;
        s.phase = match turn.next() {
            Some('t') => RefPhase::Throw,
            Some('m') => RefPhase::Move,
            Some('x') => RefPhase::Over,
            other => panic!("bad phase {other:?} in `{text}`"),
        };
        if fields[2] != "-" {
            for item in fields[2].split(',') {
                let (digits, plain, bonus, share) = if let Some(d) = item.strip_suffix("fs") {
                    (d, true, false, Share::Part)
                } else if let Some(d) = item.strip_suffix('f') {
                    (d, false, false, Share::Part)
                } else if let Some(d) = item.strip_suffix('r') {
                    (d, true, false, Share::Rest)
                } else if let Some(d) = item.strip_suffix('s') {
                    (d, true, false, Share::No)
                } else if let Some(d) = item.strip_suffix('b') {
                    (d, true, true, Share::No)
                } else {
                    (item, false, false, Share::No)
                };
                s.pool.push(Inc {
                    value: digits.parse().expect("an increment"),
                    plain,
                    bonus,
                    share,
                });
            }
        }
        let letters = |v: &str| -> Vec<bool> {
            (0..self.seats)
                .map(|seat| v.contains(self.letters[seat]))
                .collect()
        };
        for f in &fields[3..] {
            let (key, value) = f.split_once('=').unwrap_or((f, ""));
            match key {
                "again" => s.again = true,
                "streak" => {
                    let (v, n) = value.split_once('x').expect("VxN");
                    s.streak = Some((v.parse().expect("value"), n.parse().expect("count")));
                }
                "opened" => s.opened = letters(value),
                "entered" => s.entered = letters(value),
                "credits" => {
                    s.credits = value
                        .split(',')
                        .map(|n| n.parse().expect("credit"))
                        .collect();
                }
                "open" => {
                    for item in value.split(',') {
                        let parts: Vec<&str> = item.split(':').collect();
                        let seat = parts[0]
                            .chars()
                            .next()
                            .and_then(|c| self.seat_of_letter(c))
                            .expect("seat");
                        let piece: usize = parts[1].parse().expect("piece");
                        s.open[seat][piece] = Some((
                            parts[2].parse().expect("progress"),
                            parts[3].parse().expect("team"),
                        ));
                    }
                }
                "placed" => {
                    s.placed = value.split(',').map(|n| n.parse().expect("team")).collect();
                }
                "left" => {
                    for item in value.split(',') {
                        let (piece, progress) = item.split_once(':').expect("PIECE:PROGRESS");
                        s.left[piece.parse::<usize>().expect("piece")] =
                            progress.parse().expect("progress");
                    }
                }
                "arrived" => {
                    for piece in value.split(',') {
                        s.arrived[piece.parse::<usize>().expect("piece")] = true;
                    }
                }
                "carry" => s.carrying = value.parse().expect("progress"),
                "first" => s.first = letters(value),
                "tries" => s.tries = value.parse().expect("tries"),
                "throws" => s.throws = value.parse().expect("throws"),
                "thrower" => {
                    s.thrower = value
                        .chars()
                        .next()
                        .and_then(|c| self.seat_of_letter(c))
                        .expect("a seat letter");
                }
                other => panic!("unknown field `{other}` in `{text}`"),
            }
        }
        s
    }

    pub(crate) fn notation(&self, s: &RefState) -> String {
        let pieces: Vec<String> = s
            .progress
            .iter()
            .map(|seat| {
                seat.iter()
                    .map(|&p| {
                        if p == self.home {
                            "h".to_string()
                        } else {
                            p.to_string()
                        }
                    })
                    .collect::<Vec<_>>()
                    .join(",")
            })
            .collect();
        let phase = match s.phase {
            RefPhase::Throw => 't',
            RefPhase::Move => 'm',
            RefPhase::Over => 'x',
        };
        let pool = if s.pool.is_empty() {
            "-".to_string()
        } else {
            s.pool
                .iter()
                .map(|i| {
                    let mark = match i.share {
                        Share::Rest => "r",
                        Share::Part if i.plain => "fs",
                        Share::Part => "f",
                        Share::No if i.bonus => "b",
                        Share::No if i.plain => "s",
                        Share::No => "",
                    };
                    format!("{}{mark}", i.value)
                })
                .collect::<Vec<_>>()
                .join(",")
        };
        let mut out = format!(
            "{} {}{phase} {pool}",
            pieces.join("/"),
            self.letters[s.to_move]
        );
        if s.again {
            out.push_str(" again");
        }
        if let Some((k, n)) = s.streak {
            out.push_str(&format!(" streak={k}x{n}"));
        }
        for (key, flags) in [("opened", &s.opened), ("entered", &s.entered)] {
            if flags.iter().any(|&b| b) {
                let l: String = (0..self.seats)
                    .filter(|&i| flags[i])
                    .map(|i| self.letters[i])
                    .collect();
                out.push_str(&format!(" {key}={l}"));
            }
        }
        if s.credits.iter().any(|&c| c > 0) {
            let c: Vec<String> = s.credits.iter().map(u8::to_string).collect();
            out.push_str(&format!(" credits={}", c.join(",")));
        }
        let open: Vec<String> = (0..self.seats)
            .flat_map(|seat| (0..self.pieces).map(move |piece| (seat, piece)))
            .filter_map(|(seat, piece)| {
                s.open[seat][piece]
                    .map(|(p, team)| format!("{}:{piece}:{p}:{team}", self.letters[seat]))
            })
            .collect();
        if !open.is_empty() {
            out.push_str(&format!(" open={}", open.join(",")));
        }
        if !s.placed.is_empty() {
            let p: Vec<String> = s.placed.iter().map(u8::to_string).collect();
            out.push_str(&format!(" placed={}", p.join(",")));
        }
        let left: Vec<String> = (0..self.pieces)
            .filter(|&i| s.left[i] > 0)
            .map(|i| format!("{i}:{}", s.left[i]))
            .collect();
        if !left.is_empty() {
            out.push_str(&format!(" left={}", left.join(",")));
        }
        let arrived: Vec<String> = (0..self.pieces)
            .filter(|&i| s.arrived[i])
            .map(|i| i.to_string())
            .collect();
        if !arrived.is_empty() {
            out.push_str(&format!(" arrived={}", arrived.join(",")));
        }
        if s.carrying > 0 {
            out.push_str(&format!(" carry={}", s.carrying));
        }
        if s.first.iter().any(|&f| f) {
            let l: String = (0..self.seats)
                .filter(|&i| s.first[i])
                .map(|i| self.letters[i])
                .collect();
            out.push_str(&format!(" first={l}"));
        }
        if s.tries > 0 {
            out.push_str(&format!(" tries={}", s.tries));
        }
        if self.max_throws > 0 && s.throws > 0 {
            out.push_str(&format!(" throws={}", s.throws));
        }
        if s.thrower != s.to_move {
            out.push_str(&format!(" thrower={}", self.letters[s.thrower]));
        }
        out
    }
}
