// What the page /learn and the first game's tips say that does not come from the server, in one
// place, so that it can move to the message catalogues with the rest. The tours' own words (each
// step's title, task, feedback and source, and the tips) come from the learn catalogue through
// the API (docs/api.md, "Learn to play").

export const LEARN = {
  chooseAbout: 'Short steps on the real board: each shows one rule, asks you to make the move, '
    + 'and quotes the document it comes from. Then play a first game against gentle bots.',
  // The tour's button: its game's name, and for all but Pachisi's, that it says how it differs.
  tourTitle: (tour, first) => (first ? `${tour.title}: the whole game`
    : `${tour.title}: how it differs`),
  tourSteps: (n) => `${n} ${n === 1 ? 'step' : 'steps'}`,
  counter: (tour, step, steps) => `${tour}: step ${step} of ${steps}`,
  sourceCaption: 'Where this comes from',
  moveHelp: 'Choose a move: a button here (keys 1 to 9), or a marked piece on the board.',
  throwHint: 'Throw with the button (or Space).',
  next: 'Next',
  finish: 'Finish',
  endHeading: (tour) => `You have finished the ${tour} tour`,
  playAbout: 'Your first game: you against gentle bots, with tips when something happens '
    + '(a grace, a capture, a turn that passes).',
  play: 'Play a first game',
  rules: 'How to play',
  starting: 'Starting the game…',
};

// The first game's tips that are the page's own.
export const TIPS = {
  // A throw in the passed tip: "a 3", "5 and 3".
  throwWords: (values) => (values.length === 1 ? `a ${values[0]}` : values.join(' and ')),
  dismiss: 'Got it',
  label: 'Tip',
};
