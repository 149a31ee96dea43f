# The guided first game (`pachisi learn`, the page /learn): each step's title, what to do, what
# a wrong move is told, the praise of the right one, and the source the step teaches from.

## The throw, in words.

learn-threw-cowries = { $up ->
    [0] No shell fell mouth up: that counts { $value }.
    [one] One shell fell mouth up: that counts { $value }.
   *[other] { $up } shells fell mouth up: that counts { $value }.
}
learn-threw-dice = You threw { $first } and { $second }.
learn-threw-three-dice = You threw { $first }, { $second } and { $third }.
learn-threw-die = You threw { $value }.
learn-threw-grace = It is a grace: it may bring a piece in.
learn-threw-again = You will throw again.
learn-not-allowed = The rules do not allow that move here. { $reasons }

## Pachisi

learn-pachisi-intro = Pachisi is the game Ludo came from, and it plays differently: six cowrie shells instead of a die, a grace instead of a six, castles where nobody can touch you, a partner across the board, and the right to pass. Nine short steps on the real board show you each, then you play a real game.
learn-pachisi-outro = That is the whole of Pachisi. Play a game against gentle bots, with tips when something happens: your partner is Black, opposite you.

learn-pachisi-throw-title = Throwing the cowries
learn-pachisi-throw-task = You are Yellow, at the bottom. Throw the six cowrie shells: count the shells that fall mouth up. Two, three, four, five or six up count as themselves; one up counts 10 and none up counts 25.
learn-pachisi-throw-thrown = A 2 is not a grace, and all your pieces wait in the Charkoni, the big square in the middle: none can move. Pass.
learn-pachisi-throw-wrong = Nothing can move with this throw: pass.
learn-pachisi-throw-done = Your turn passed. In Pachisi the opening often looks like this: you wait for a grace. A Ludo player waits for a six in the same way.
learn-pachisi-throw-source = “The value of the throw is determined by the number of cowries which fall with their openings upwards.” (the article “Pachisi. Ancestor of Ludo”)

learn-pachisi-grace-title = A grace brings a piece in
learn-pachisi-grace-task = Throw again.
learn-pachisi-grace-thrown = A 10 is a grace, like a 6 or a 25. Use it to bring a piece out of the Charkoni onto the first square of your arm.
learn-pachisi-grace-pass = You may pass in Pachisi, but a grace is what brings a piece in: use it.
learn-pachisi-grace-wrong = Bring a piece in with the grace.
learn-pachisi-grace-done = Your first piece is on the board, and the grace gives you another throw.
learn-pachisi-grace-source = “If 6, 10, or 25 is thrown, the player gets so called grace. Player who got a grace has the right to introduce one of his pieces from the Charkoni onto the board. And this player also earns another additional move.” (the article “Pachisi. Ancestor of Ludo”)

learn-pachisi-route-title = Round the board
learn-pachisi-route-task = Throw the throw your grace earned.
learn-pachisi-route-thrown = Move your piece 4 squares. Every piece walks down the middle row of its own arm, round the outside of the whole cross against the clock, and back up the middle row to the Charkoni.
learn-pachisi-route-pass = You may pass, but here your piece has a free road: move it.
learn-pachisi-route-wrong = Move your piece down your arm.
learn-pachisi-route-done = Your piece is on its way. The squares marked with a cross are castles; you will meet them soon.
learn-pachisi-route-source = “Each piece must pass … starting with squares in the middle lane of player’s arm, then go around the board and return through the center column of the player’s arm. Pieces go around the board counter-clockwise.” (the article “Pachisi. Ancestor of Ludo”)

learn-pachisi-capture-title = Capturing
learn-pachisi-capture-task = Green’s piece stands 3 squares ahead of your back piece. Throw.
learn-pachisi-capture-thrown = A 3: land on Green’s piece with your back piece to capture it.
learn-pachisi-capture-other = That move is allowed, but your back piece can land on Green’s piece with this 3 and send it back to the Charkoni.
learn-pachisi-capture-wrong = Capture Green’s piece with your back piece.
learn-pachisi-capture-done = Captured: Green’s piece is back in the Charkoni and needs a grace to come in again, losing all the way it had come.
learn-pachisi-capture-source = “Piece can also land on a square occupied by enemy piece(s). In such situation enemy pieces are captured. They must return to the Charkoni.” (the article “Pachisi. Ancestor of Ludo”)

learn-pachisi-castle-blocks-title = A castle protects, and blocks
learn-pachisi-castle-blocks-task = Green’s piece stands on a castle, the square marked with a cross, 3 squares ahead of your back piece. Throw.
learn-pachisi-castle-blocks-thrown = A 3 would take your back piece onto Green’s castle, and that is not allowed: a piece on a castle cannot be captured, and no opponent may land there. Move your other piece.
learn-pachisi-castle-blocks-wrong = Your back piece cannot land on the castle Green holds: move your other piece.
learn-pachisi-castle-blocks-done = Right. Castles are safe squares: twelve of them, three on each arm.
learn-pachisi-castle-blocks-source = “A piece on castle square may not be captured. Whats more, enemy piece may not move onto a castle square that is already occupied by opponent’s piece.” (the article “Pachisi. Ancestor of Ludo”)

learn-pachisi-castle-safe-title = Running to a castle
learn-pachisi-castle-safe-task = Green’s piece is 2 squares behind your back piece: a 2 would capture it. Throw.
learn-pachisi-castle-safe-thrown = A 4 takes your back piece onto the castle ahead, where nobody can capture it. Which piece will you move?
learn-pachisi-castle-safe-other = Your front piece is in no danger, but the back one is: Green could capture it with a 2. Take it onto the castle, 4 squares ahead.
learn-pachisi-castle-safe-wrong = Take your threatened piece to safety on the castle.
learn-pachisi-castle-safe-done = Safe: Green can pass your piece, but never capture it on the castle.
learn-pachisi-castle-safe-source = “A piece on castle square may not be captured.” (the article “Pachisi. Ancestor of Ludo”)

learn-pachisi-partner-title = Your partner
learn-pachisi-partner-task = Black, opposite you, is your partner: your team wins when all eight pieces of you both are home. Your pieces and Black’s may share a square; you never capture each other. Throw.
learn-pachisi-partner-thrown = A 5. Your back piece could join Black’s piece on the castle; your front piece could capture Green’s piece. Which is better?
learn-pachisi-partner-join = Standing with your partner is allowed, and safe on a castle, but capturing Green’s piece sets your opponents back: that helps your team more.
learn-pachisi-partner-wrong = Capture Green’s piece with your front piece.
learn-pachisi-partner-done = Green’s piece goes back to the Charkoni. You and Black win or lose together: help each other home.
learn-pachisi-partner-source = “Traditionally, Pachisi is a game for 4 players. They play in teams – two against two. One team wins if all pieces of the two team’s members finish the game.” (the article “Pachisi. Ancestor of Ludo”)

learn-pachisi-wait-title = Passing is allowed, and sometimes wise
learn-pachisi-wait-task = Your last piece stands on a castle exactly 25 squares from home, and Green’s piece lurks 3 squares behind it. Throw.
learn-pachisi-wait-thrown = A 3 would take your piece off the castle, 6 squares in front of Green’s piece: a 6 would capture it, near the end of its journey. You may pass instead.
learn-pachisi-wait-move = That move is allowed, but off the castle Green could capture your piece with a 6, and it would lose the whole journey. Pass and wait for a 25.
learn-pachisi-wait-wrong = Pass, and keep your piece safe on the castle.
learn-pachisi-wait-done = You passed, and your piece stays safe. From this castle a 25 takes it straight home, so players wait here for one.
learn-pachisi-wait-source = “Moving pieces after throw is not mandatory. This means that after the roll player may decide to pass.” “They hold a piece on castle square and wait until a 25 is thrown.” (the article “Pachisi. Ancestor of Ludo”)

learn-pachisi-home-title = Home with a 25
learn-pachisi-home-task = Throw, and hope for no shell mouth up.
learn-pachisi-home-thrown = A 25: exactly the squares from this castle to the Charkoni. Take your piece home.
learn-pachisi-home-pass = This is the throw you waited for: take your piece home.
learn-pachisi-home-wrong = Take your piece home with the 25.
learn-pachisi-home-done = Home, with no risk on the last stretch. Now Black must bring the rest of your team home. (In a stricter version the Charkoni must be reached by an exact throw; “How to play” says which rules each version keeps.)
learn-pachisi-home-source = “Castle squares on the ends of arms are exactly 25 squares from Charkoni. This gives the possibility to put a piece directly to Charkoni without risk of losing this piece just before ending a game.” (the article “Pachisi. Ancestor of Ludo”)

## Ludo

learn-ludo-intro = You know Ludo. Three steps show what Ludo keeps from Pachisi and what it changed: a six instead of a grace, every player alone, and no passing.
learn-ludo-outro = That is how Ludo differs from its ancestor. Try Pachisi’s tour to feel the difference.

learn-ludo-six-title = Only a six brings a token in
learn-ludo-six-task = You are Red. Throw the die.
learn-ludo-six-thrown = A 6, Ludo’s grace: bring a token out of your nest onto your start square.
learn-ludo-six-wrong = Bring a token in with the 6.
learn-ludo-six-done = Your token is out, and a 6 throws again, as a grace does in Pachisi.
learn-ludo-six-source = The rules of Ludo: a token enters from its nest onto its start square with a 6, and a 6 earns another throw.

learn-ludo-capture-title = Capturing, alone
learn-ludo-capture-task = Green’s token stands 4 squares ahead of your back token. Throw.
learn-ludo-capture-thrown = A 4: land on Green’s token to send it back to its nest.
learn-ludo-capture-other = That move is allowed, but your back token can capture Green’s with this 4.
learn-ludo-capture-wrong = Capture Green’s token.
learn-ludo-capture-done = Captured. In Ludo everyone plays alone, and the safe squares are the start squares, which anyone may share: unlike a Pachisi castle, they block nobody.
learn-ludo-capture-source = The rules of Ludo: a token landing on an opponent sends it back to its nest; start squares are safe and may be shared.

learn-ludo-exact-title = No passing, and an exact finish
learn-ludo-exact-task = Your front token is in its home column, 3 squares from home. Throw.
learn-ludo-exact-thrown = A 5 is too many for the token in the home column: it needs exactly 3. In Ludo you must move if you can, so your other token moves.
learn-ludo-exact-wrong = Move your other token: the one in the home column needs exactly 3.
learn-ludo-exact-done = In Pachisi you could have passed; in Ludo moving is compulsory.
learn-ludo-exact-source = The rules of Ludo: passing is not allowed, and a token reaches home by exact throw only.

## Parcheesi

learn-parcheesi-intro = Parcheesi is Pachisi as American boxes sold it: two dice, each die a move of its own, a pawn enters on a 5, and captures pay a bonus. Two steps show the differences.
learn-parcheesi-outro = That is how Parcheesi differs from Pachisi. “How to play” lists every rule of each edition.

learn-parcheesi-five-title = Two dice, and a 5 to enter
learn-parcheesi-five-task = You are Red. Throw the two dice.
learn-parcheesi-five-thrown = Each die is a move of its own. A 5, on one die or as the sum of both, brings a pawn out of your nest. Use the 5 to enter.
learn-parcheesi-five-wrong = Enter a pawn with the 5.
learn-parcheesi-five-done = Your pawn is out, and the 3 is still yours to move.
learn-parcheesi-five-source = “Enter on 5”: a five on one die or as the sum of the numbers on the two dice. (Parcheesi Composite Rules and Instructions)

learn-parcheesi-bonus-title = A capture pays 20
learn-parcheesi-bonus-task = Blue’s pawn stands 3 spaces ahead of your back pawn, on no safety space. Throw.
learn-parcheesi-bonus-thrown = Capture Blue’s pawn with the 3.
learn-parcheesi-bonus-wrong = Capture Blue’s pawn with the 3.
learn-parcheesi-bonus-done = Captured, and a capture earns 20 spaces for one of your pawns: Parcheesi’s reward, which Pachisi does not have.
learn-parcheesi-bonus-source = “A capture earns 20.” (Parcheesi Composite Rules and Instructions)

## The tour's screen in the terminal.

learn-ui-title-intro = Learn to play { $ruleset }
learn-ui-title-step = Learn { $ruleset } · step { $step } of { $steps }: { $title }
learn-ui-title-outro = Learn { $ruleset } · the end
learn-ui-what-to-do = What to do
learn-ui-your-moves = Your moves
learn-ui-source = From the source
learn-ui-you = you
learn-ui-pass = Pass: move no piece with this throw
learn-ui-right = Well played. Enter goes on.
learn-ui-wrong = Not this time: read why, and choose again.
learn-ui-all-can-move = Every piece of yours can move with this throw.
learn-ui-keys-intro = Enter begins · q leaves
learn-ui-keys-throw = Enter throws · r starts the step again · q leaves
learn-ui-keys-move = ↑↓ choose · Enter plays · p passes · w why a piece can't move · q leaves
learn-ui-keys-done = Enter: the next step · r starts the step again · q leaves
learn-ui-keys-outro = Enter plays a first game against gentle bots · q leaves

## Tips in a first game, at the moments a new player needs them.

tip-castle-25 = This castle is exactly 25 squares from home, and nobody can capture you on it: many players wait here, passing, until a 25 takes the piece straight home.
tip-title = Tip
tip-close = Any key closes the tip, and the game goes on.

## Tips in the first game after a tour (the page's game started from /learn). In
## learn-tip-passed, $throw is the throw ("a 3") and $reasons the engine's reasons, each a
## sentence; $family, the family of the tour's ruleset, names the pieces (family-piece).

learn-tip-passed = You passed: none of your { family-pieces } can move with { $throw }. { $reasons }
learn-pachisi-tip-grace = A grace: a 6, a 10 or a 25 brings a piece out of the Charkoni onto your arm, and you throw again.
learn-pachisi-tip-captured = One of your pieces was captured: it is back in the Charkoni, and needs a grace to come in again. A piece on a castle (the squares with a cross) cannot be captured.
learn-ludo-tip-grace = A 6: it brings a token out of the nest, and throws again.
learn-ludo-tip-captured = One of your tokens was captured: it is back in its nest, and needs a 6 to come out again. Tokens on the start squares are safe.
learn-parcheesi-tip-grace = A 5, on one die or as the sum of both: it brings a pawn out of your nest.
learn-parcheesi-tip-captured = One of your pawns was captured: it is back in its nest, and needs a 5 to enter again. Pawns on the safety spaces cannot be captured.
