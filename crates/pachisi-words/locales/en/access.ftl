# The page for a person who listens: what a screen reader is told as the game goes on, and the
# choice of how much.

# The live region's name.
access-announcer = What happens in the game
access-level = Announce
# One choice of how much is announced. $level: "all", "mine" or "off".
access-level-choice = { $level ->
    [all] every throw and move
    [mine] my turns and what touches my pieces
   *[off] nothing
}
# Said when the choice changes. $level as above.
access-level-now = { $level ->
    [all] Every throw and move will be announced.
    [mine] Your turns, and what touches your pieces, will be announced.
   *[off] Nothing will be announced.
}
# Said instead of other players' throws and moves that came faster than they could be read.
# $count: how many.
access-more-events = { $count ->
    [one] One more throw or move by others.
   *[other] { $count } more throws and moves by others.
}
# Why the person's turn passes. $reasons: the rules' reasons, sentences.
access-why-passed = You cannot move: { $reasons }
# An action the page cannot put in other words. $who: the seat's colour.
access-played = { $who } played.

## The board in words, and the questions a player types.

access-board = The board in words
# $family names the pieces (family-piece, common.ftl).
access-board-mine = Your { family-pieces } are listed first; each says where it stands, whether it is safe, and what threatens it.
access-ask = Ask about the game
# The field's help: what may be typed.
access-ask-help = Type where, board, moves, threats 2, why 3, throw or help, then Enter. The key w says why a piece cannot move.
access-ask-send = Ask
# The answer to a command that plays (a throw, a move's number, a pass): the page's keys do that.
access-ask-acts = To play, use the keys: Space or Enter throws, 1 to 9 play a listed move, p passes.
