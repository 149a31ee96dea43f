//! The `pachisi` command: a thin layer over the rules engine and the simulator.

/// Writes a line to standard output, returning the error from the enclosing function instead of
/// panicking as `println!` does when the reader has gone (`pachisi ... | head`).
macro_rules! outln {
    ($($arg:tt)*) => {{
        use std::io::Write as _;
        writeln!(std::io::stdout(), $($arg)*)?
    }};
}

/// `outln!` without the newline.
macro_rules! out {
    ($($arg:tt)*) => {{
        use std::io::Write as _;
        write!(std::io::stdout(), $($arg)*)?
    }};
}

// Dispatch: which command runs.
mod run;

// The commands, one module each.
mod analyze;
mod bench;
mod calibrate;
mod endgame;
mod hint;
mod learn;
mod moves;
mod perft;
mod play;
mod record;
mod replay;
mod report;
mod rules;
mod serve;
mod simulate;
mod tournament;
mod train;
mod verify;

// What the commands share; these modules use no command module.
mod batch;
mod checks;
mod files;
mod language;
mod position;
mod progress;
mod record_io;
mod ruleset;
mod shell;

use clap::{Args, Parser, Subcommand};
use pachisi_server::Limits;
use std::path::PathBuf;
use std::process::ExitCode;

/// Pachisi, the cross-and-circle race game of India, and its family.
///
/// Every command that takes --rules accepts the name of a built-in ruleset (see `pachisi rules
/// list`) or the path of a ruleset file (TOML, see docs/rules.md), and any number of
/// `--set FIELD=VALUE` to switch optional rules on or off, e.g. `--set moves.split=true`.
///
/// Positions are written in one line (docs/notation.md); `start` is the starting position.
/// Try: pachisi moves --rules pachisi --position start --throw 25
#[derive(Parser, Debug)]
#[command(name = "pachisi", version, propagate_version = true)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

// Help texts show addresses as a user types them, not as links.
#[allow(rustdoc::bare_urls)]
#[derive(Subcommand, Debug)]
enum Command {
    /// Play a game in the terminal: a full-screen board, you against bots or friends.
    ///
    /// With no options: traditional Pachisi, you in the first seat (yellow) with a bot partner
    /// against two bots. The board shows the cross with its castles (x) and the Charkoni, every
    /// piece in its colour and with its seat's letter, a number for stacks; your waiting and
    /// finished pieces stand in the corner beside your arm. Enter throws and plays the selected
    /// move; the arrows or a click on a piece choose another; h asks the best bot for a hint with
    /// winning chances, w says why a piece cannot move, u takes a move back, s saves the record,
    /// ? lists every key. Ctrl-C leaves at once and saves unsaved moves first.
    ///
    /// The Pachisi board fits an 80×24 window (79×22 at the least); a larger one draws a larger
    /// board.
    ///
    /// --screen-reader plays without the board, in lines of text a screen reader reads aloud:
    /// every throw and move as one line as it happens, your moves numbered, and questions
    /// answered in sentences (where, board, threats N, moves, why N, throw, help). With
    /// --announce mine, only your own throws and moves and what touches your pieces are said.
    ///
    /// --lang chooses the language of every word (a tag such as en, hi or ta); without it the
    /// environment's (LC_ALL, LC_MESSAGES, LANG). A language without a catalogue is said in
    /// English, with a note.
    ///
    /// Example: pachisi play
    ///
    /// Example: pachisi play --rules ludo --seats human,bot:heuristic,human,bot:mcts
    ///
    /// Example: pachisi play --rules pachisi-7-cowries --cowrie-p 0.4 --seed 7
    ///
    /// Example: pachisi play --screen-reader --lang en
    Play(PlayArgs),
    /// Learn to play by playing: a guided tour on the real board, then a first game.
    #[command(long_about = learn::HELP)]
    Learn(learn::LearnArgs),
    /// Step through a saved game forwards and backwards on the board, and see its analysis.
    #[command(long_about = replay::HELP)]
    Replay(replay::ReplayArgs),
    /// Serve the game in the browser: a web server on this machine, with the page and its API.
    ///
    /// Prints the address to open. The page starts a game in a few clicks (every ruleset, people
    /// and bots in the seats) and plays it on an SVG board; several people may share one
    /// device. Every game is kept in an SQLite file (or PostgreSQL) and every action committed before it is
    /// shown, so a stopped or killed server resumes every game where it stood. docs/api.md
    /// describes the JSON API and the WebSocket of each game.
    ///
    /// It listens on this machine only unless --host says otherwise. Every request is bounded
    /// (the options below; docs/security.md): bots from the page read no file and keep to capped
    /// budgets, games are limited per address and deleted after --expire-days without an action,
    /// and pages of other sites cannot act on the server.
    ///
    /// Example: pachisi serve
    ///
    /// Example: pachisi serve --port 0 --database /tmp/games.sqlite --pace 0
    ///
    /// Example: pachisi serve --host 0.0.0.0 --public-url https://pachisi.example.org/
    ///
    /// Several instances on one PostgreSQL database, behind a load balancer (docs/deploy.md):
    /// DATABASE_URL=postgres://pachisi:PASSWORD@db/pachisi pachisi serve --host 0.0.0.0 --port
    /// 8081 --cluster-listen 10.0.0.5:9081 --public-url https://pachisi.example.org/ (and the
    /// same on each instance, with its own address)
    Serve(ServeArgs),
    /// List, show and inspect rulesets.
    #[command(subcommand)]
    Rules(RulesCommand),
    /// List the legal moves in a position after a throw, each with the position it leads to.
    ///
    /// Example: pachisi moves --rules pachisi --position start --throw 25
    Moves {
        #[command(flatten)]
        rules: RulesArgs,
        #[command(flatten)]
        at: PositionArgs,
        /// Print JSON instead of text.
        #[arg(long)]
        json: bool,
    },
    /// Count the move sequences over a number of throws (summed over every throw outcome).
    ///
    /// Example: pachisi perft --rules pachisi --position start --depth 3
    Perft {
        #[command(flatten)]
        rules: RulesArgs,
        /// The position in one-line notation (docs/notation.md), or `start`.
        #[arg(long, default_value = "start")]
        position: String,
        /// Number of throws.
        #[arg(long)]
        depth: u32,
        /// Also print the count below each throw outcome or move of the first step.
        #[arg(long)]
        divide: bool,
        /// Count even when the estimate (from depths 1, 2, ...) is above 10 billion sequences.
        #[arg(long)]
        force: bool,
    },
    /// Play many games on all cores and print statistics of how they went.
    ///
    /// Reports throws, turns and moves per game (mean, percentiles), captures, pieces sent back
    /// and passes per game, wins per seat and per team with 95% intervals, and every throw
    /// outcome's observed frequency beside its exact probability (with a chi-square test).
    /// Game N's seed is derived from --seed and N, so the results are the same on any number of
    /// threads, and memory does not grow with --games.
    ///
    /// Example: pachisi simulate --rules herklots-1832 --games 100000 --seed 1
    ///
    /// Example: pachisi simulate --rules ludo --games 200 --bots heuristic,random,random,random --json
    Simulate(SimulateArgs),
    /// Measure the engine: random games and throws per second for each ruleset, on one thread and
    /// on all cores. docs/performance.md records the figures.
    ///
    /// Example: pachisi bench --rules pachisi,ludo --games 20000
    Bench(BenchArgs),
    /// Write and check game records.
    #[command(subcommand)]
    Record(RecordCommand),
    /// Play a duplicate tournament between bots and rate them.
    ///
    /// Every pair of bots plays a match of --games games (with --ladder, each bot only the next
    /// one named: a strength ladder, one match per step). The games are dealt in duplicate: a
    /// deal is a seed for the throws, and every deal is played with the seats as dealt and again
    /// with the sides swapped (with three seats, in all six ways of sharing them), every game of
    /// the deal drawing the same throws. Where the ruleset has two teams (Pachisi's partners, or a
    /// two-seat game) each bot plays every seat of one team; where every seat plays alone (Ludo,
    /// Parcheesi) the two bots alternate around the table and a bot wins when any of its seats
    /// does. --games is rounded up to whole deals.
    ///
    /// The report gives each bot's score (a win 1, a draw 1/2; a game still going at the throw limit
    /// is a draw) with a 95% Wilson interval over deals, an Elo rating relative to the first bot
    /// with a bootstrap interval ("not estimable" when a bot won or lost every game against the
    /// others, or with fewer than 10 deals per pairing), and its mean thinking time per decision;
    /// then each pairing's result. Bots with the same spec are numbered (`heuristic #1`). The
    /// same seed gives the same results on any number of threads.
    ///
    /// Bot specs: random, heuristic, expectimax (options depth=N, nodes=N), mcts (playouts=N,
    /// ms=N, ...); options follow the name after colons, e.g. `mcts:playouts=300:ms=50`.
    ///
    /// Example: pachisi tournament --rules ludo --bots random,heuristic,expectimax:depth=1 --games 200 --seed 1
    ///
    /// A ladder: pachisi tournament --rules ludo --ladder --bots random,heuristic,expectimax,mcts --games 2000
    Tournament(TournamentArgs),
    /// Write an HTML report comparing rulesets, with SVG figures, that opens in any browser.
    ///
    /// For every ruleset it plays --games random games (every seat a uniformly random player) and
    /// draws: the distribution of throws per game (rulesets side by side, medians marked); each
    /// seat's and team's share of wins with 95% Wilson intervals against the fair share
    /// 1/teams; each throw outcome's observed frequency beside its exact probability, with a
    /// chi-square test. Then it measures luck against skill with two duplicate matches per
    /// ruleset (as `pachisi tournament` plays them): the heuristic bot against random play, and
    /// --best-bot against the heuristic bot, each --skill-games games; a score near 50% means
    /// the result is mostly luck. Last, it draws how well the bots' winning chances match what
    /// happens: --calibration-games held-out games played by the heuristic bot, judged by the
    /// heuristic evaluation and by the shipped network where one ships for the ruleset, as a
    /// reliability diagram with each one's Brier score and log loss (as `pachisi calibrate`).
    ///
    /// DIR receives index.html (one self-contained page: figures inlined, no script, nothing
    /// loaded from elsewhere), each figure as an .svg file, and report.json with every number.
    /// The page shows the command that made it; the same command writes the same files, on any
    /// number of threads. docs/report.md explains each figure.
    ///
    /// Example: pachisi report --rules pachisi,pachisi-7-cowries,ludo,parcheesi-sr --games 20000 --out report
    ///
    /// Example: pachisi report --rules ludo,my-rules.toml --games 2000 --skill-games 0 --out /tmp/quick
    Report(ReportArgs),
    /// Check a finished game's fair throws against the server's revealed seed.
    #[command(long_about = verify::HELP)]
    Verify(verify::VerifyArgs),
    /// Rank the legal moves after a throw by a bot's estimate of the mover's winning chance.
    ///
    /// Takes the position and throw as `pachisi moves` does, then asks the bot (expectimax by
    /// default) to estimate, for every legal move, the chance that the mover's side (its team,
    /// partners included) wins after it, and lists the moves best first. The `random` bot makes
    /// no estimates.
    ///
    /// With --rollouts N, plays every legal move out to the end of the game N times instead, a
    /// bot in every seat (--rollout-bot, heuristic by default), and reports each move's winning
    /// chance with a 95% interval and its difference to the best move with its own. Every move's
    /// rollout i draws the same throws (common random numbers), and the first two throws are
    /// spread over the rollouts in their exact proportions. --compare-plain also runs plain Monte
    /// Carlo (independent throws) and reports what the variance reduction saves (docs/bots.md).
    ///
    /// Example: pachisi hint --rules pachisi --position start --throw 25 --bot expectimax:depth=1
    ///
    /// Example: pachisi hint --rules ludo --position start --throw 6 --rollouts 1000
    Hint(HintArgs),
    /// Grade every decision of a recorded game, and weigh the luck of every throw.
    #[command(long_about = analyze::HELP)]
    Analyze(analyze::AnalyzeArgs),
    /// Exact endgame tables: build them, and measure bots against them.
    #[command(subcommand, long_about = endgame::HELP)]
    Endgame(endgame::EndgameCommand),
    /// Train a network for the `neural` bot by self-play.
    #[command(long_about = train::HELP)]
    Train(train::TrainArgs),
    /// Measure how well a bot's winning chances match the outcomes of held-out games.
    #[command(long_about = calibrate::HELP)]
    Calibrate(calibrate::CalibrateArgs),
}

/// The settings of `pachisi hint`.
#[derive(Args, Debug)]
struct HintArgs {
    #[command(flatten)]
    rules: RulesArgs,
    #[command(flatten)]
    at: PositionArgs,
    /// The bot giving the estimates, e.g. `heuristic`, `expectimax:depth=2`, `mcts:playouts=500`.
    #[arg(
        long,
        default_value = "expectimax",
        value_name = "SPEC",
        conflicts_with = "rollouts"
    )]
    bot: String,
    /// Seed of the bot's random choices (for `mcts`), or of the rollouts' throws and bots.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Play every legal move out N times to the end of the game (at least 2).
    #[arg(long, value_name = "N")]
    rollouts: Option<u32>,
    /// The bot that plays every seat in the rollouts.
    #[arg(
        long,
        default_value = "heuristic",
        value_name = "SPEC",
        requires = "rollouts"
    )]
    rollout_bot: String,
    /// Also roll out by plain Monte Carlo and compare the standard errors.
    #[arg(long, requires = "rollouts")]
    compare_plain: bool,
    /// Worker threads for the rollouts (default: one per core).
    #[arg(long, requires = "rollouts")]
    threads: Option<usize>,
    /// Print JSON instead of text.
    #[arg(long)]
    json: bool,
}

/// The settings of `pachisi play`.
#[derive(Args, Debug)]
struct PlayArgs {
    #[command(flatten)]
    rules: RulesArgs,
    /// Who plays each seat, in seat order (seat 0 moves first), separated by commas: `human`,
    /// `bot` (expectimax) or `bot:SPEC` with a bot spec as in `pachisi tournament`, e.g.
    /// `human,bot:mcts,human,bot:heuristic`. Several `human` seats take turns at one keyboard.
    /// Default: you in the first seat and bots in the others.
    #[arg(long, value_name = "SEAT,SEAT", value_delimiter = ',')]
    seats: Vec<String>,
    /// Seed of the throws and the bots (default: from the clock). The record keeps it.
    #[arg(long)]
    seed: Option<u64>,
    /// The chance that one cowrie shell falls mouth up (rulesets thrown with cowries; the
    /// rulesets' own value is 0.5). Kept in the record's Set tag.
    #[arg(long, value_name = "P", allow_hyphen_values = true)]
    cowrie_p: Option<f64>,
    /// Where `s` saves the record (default: RULESET-SEED.record in the current directory).
    #[arg(long, value_name = "FILE")]
    save: Option<PathBuf>,
    /// Milliseconds between two actions of the bots, so you can follow them (0: at once).
    #[arg(long, default_value_t = 300, value_name = "MS")]
    pace: u64,
    /// The bot asked for hints (h), e.g. `expectimax:depth=3` or `mcts:playouts=2000`.
    #[arg(long, default_value = "expectimax", value_name = "SPEC")]
    hint_bot: String,
    /// The language of every word of the game, a tag such as `en`, `hi` or `ta` (default: the
    /// environment's, LC_ALL, LC_MESSAGES or LANG). A language without a catalogue is said in
    /// English, with a note on standard error; a message missing from one, in English too.
    #[arg(long, value_name = "TAG")]
    lang: Option<String>,
    /// Play without the board, for a screen reader: each throw and move is printed as one line
    /// of text as it happens, and on your turn your moves in words, numbered; type a move's
    /// number, t or Enter to throw, or a question: where, board, threats N, moves, why N,
    /// throw, help (docs/play.md). Works with every other option, and with pipes as well as a
    /// terminal. The record is saved at the end, when you leave (q), and when the input ends
    /// (which exits with an error).
    #[arg(long)]
    screen_reader: bool,
    /// With --screen-reader, how much is said: `all`, every throw and move of every seat;
    /// `mine`, only your own, the others' moves that capture your pieces, and the end.
    #[arg(
        long,
        default_value = "all",
        value_name = "LEVEL",
        value_parser = ["all", "mine"],
        requires = "screen_reader"
    )]
    announce: String,
}

/// The settings of `pachisi serve`.
#[derive(Args, Debug)]
#[allow(rustdoc::bare_urls)]
struct ServeArgs {
    /// The address to listen on: 127.0.0.1, this machine only; 0.0.0.0, every interface, so
    /// that friends on the same network can join (the address printed is the one to share).
    #[arg(long, default_value = "127.0.0.1")]
    host: String,
    /// The port (0: any free port; the address printed says which).
    #[arg(long, default_value_t = 8080)]
    port: u16,
    /// Where the games are kept: an SQLite file (created if missing; `sqlite:FILE` also
    /// works; one server per file), or a PostgreSQL server,
    /// `postgres://USER:PASSWORD@HOST:PORT/NAME`, which several servers may share behind a load
    /// balancer: each room lives in one of them, which the others forward its requests to
    /// (docs/deploy.md). Taken from DATABASE_URL when not given.
    #[arg(
        long,
        env = "DATABASE_URL",
        default_value = "pachisi.sqlite",
        value_name = "FILE|URL",
        hide_env_values = true
    )]
    database: String,
    /// Milliseconds before each action of a bot, so people can follow them (0: at once).
    #[arg(long, default_value_t = 500, value_name = "MS")]
    pace: u64,
    /// The bot that gives hints, e.g. `expectimax:depth=3`.
    #[arg(long, default_value = "expectimax", value_name = "SPEC")]
    hint_bot: String,
    /// The evaluator of the analyses the page asks for (docs/analysis.md), e.g. `heuristic`: a
    /// bot that estimates winning chances, with built-in weights only. Visitors cannot choose
    /// another. A deeper one costs more per position: lower --max-analysis-positions with it.
    #[arg(long, default_value = pachisi_bots::analysis::DEFAULT_EVALUATOR, value_name = "SPEC")]
    analysis_bot: String,
    /// Most positions one analysis may evaluate; a costlier record is refused (413).
    #[arg(long, default_value_t = Limits::default().max_analysis_positions, value_name = "N")]
    max_analysis_positions: usize,
    /// The address people reach the server at, when it is not only its IP address: a name, or
    /// a reverse proxy in front (e.g. https://pachisi.example.org/). The server answers to IP
    /// addresses, localhost and this name only, and takes actions only from its own pages.
    #[arg(long, value_name = "URL")]
    public_url: Option<String>,
    /// With a PostgreSQL database shared by several instances: where this instance listens for
    /// the others (`HOST:PORT`), which forward to it the requests of the rooms it owns. Only
    /// the instances' own network should reach it (docs/deploy.md). By default --host, on a
    /// port the system picks.
    #[arg(long, value_name = "HOST:PORT")]
    cluster_listen: Option<String>,
    /// With a shared database: the address the other instances reach this one at, when it is
    /// not the one listened on (needed when listening on every interface, e.g. 0.0.0.0).
    #[arg(long, value_name = "HOST:PORT")]
    cluster_address: Option<String>,
    /// Most games kept on the server at once; a new game beyond is refused (429).
    #[arg(long, default_value_t = Limits::default().max_games, value_name = "N")]
    max_games: usize,
    /// Most games one address may have on the server at once.
    #[arg(long, default_value_t = Limits::default().max_games_per_client, value_name = "N")]
    max_games_per_client: usize,
    /// Days after its last action that a game is deleted, finished or not.
    #[arg(long, default_value_t = 30, value_name = "DAYS")]
    expire_days: u64,
    /// Most HTTP connections open at once (more wait until one closes).
    #[arg(long, default_value_t = Limits::default().max_connections, value_name = "N")]
    max_connections: usize,
    /// Most watchers' WebSockets and WebSockets not yet identified open at once, over all
    /// games (the people of a table always get in).
    #[arg(long, default_value_t = Limits::default().max_sockets, value_name = "N")]
    max_sockets: usize,
    /// Seconds a client has to send a request's headers before the connection is dropped.
    #[arg(long, default_value_t = Limits::default().header_timeout.as_secs(), value_name = "SECS")]
    header_timeout: u64,
    /// Threads that think for bots, hints and replays, shared by all games (default: one per
    /// core).
    #[arg(long, value_name = "N")]
    work_threads: Option<usize>,
    /// Most watchers' WebSockets open on one game at once (its players always get in, up to
    /// 4 each).
    #[arg(long, default_value_t = Limits::default().max_sockets_per_game, value_name = "N")]
    max_sockets_per_game: usize,
    /// Most characters of one chat line.
    #[arg(long, default_value_t = Limits::default().max_chat, value_name = "N")]
    max_chat: usize,
    /// Most chat lines one speaker may say within --chat-window seconds.
    #[arg(long, default_value_t = Limits::default().chat_lines, value_name = "N")]
    chat_lines: usize,
    /// The window of the chat rate, in seconds.
    #[arg(long, default_value_t = Limits::default().chat_window.as_secs(), value_name = "SECS")]
    chat_window: u64,
    /// Most chat lines one game keeps on each line (the players' and the watchers' apart).
    #[arg(long, default_value_t = Limits::default().max_chat_lines, value_name = "N")]
    max_chat_lines: usize,
    /// Most HTTP connections open at once from one address; more are closed unanswered.
    #[arg(long, default_value_t = Limits::default().max_connections_per_client, value_name = "N")]
    max_connections_per_client: usize,
    /// Most watchers' WebSockets open at once from one address, over all games.
    #[arg(long, default_value_t = Limits::default().max_sockets_per_client, value_name = "N")]
    max_sockets_per_client: usize,
    /// Most WebSockets from one address that have not yet said who they are (each has 10
    /// seconds to).
    #[arg(long, default_value_t = Limits::default().max_unidentified_per_client, value_name = "N")]
    max_unidentified_per_client: usize,
    /// Most actions of one game: a game that reaches it is stopped unfinished (a normal game
    /// takes a few hundred to a few thousand).
    #[arg(long, default_value_t = Limits::default().max_game_actions, value_name = "N")]
    max_game_actions: usize,
    /// Most events (actions told, chat lines, room changes) one game holds; chat and room
    /// changes beyond are refused.
    #[arg(long, default_value_t = Limits::default().max_game_events, value_name = "N")]
    max_game_events: usize,
    /// Most room changes (options, hand-overs, taking a seat back) and undos of one game within
    /// --change-window seconds.
    #[arg(long, default_value_t = Limits::default().changes, value_name = "N")]
    changes: usize,
    /// The window of the rate of room changes and undos, in seconds.
    #[arg(long, default_value_t = Limits::default().change_window.as_secs(), value_name = "SECS")]
    change_window: u64,
    /// Seconds between the server's pings of each WebSocket; one silent for two and a half
    /// times this is closed. Not listed: the default suits browsers and proxies, and a probe
    /// shortens it to see silent sockets dropped within seconds.
    #[arg(long, default_value_t = Limits::default().socket_ping.as_secs(), value_name = "SECS", hide = true)]
    socket_ping: u64,
}

/// The settings of `pachisi simulate`.
#[derive(Args, Debug)]
struct SimulateArgs {
    #[command(flatten)]
    rules: RulesArgs,
    /// Number of games.
    #[arg(long, default_value_t = 10_000)]
    games: u64,
    /// Master seed: game N is played with a seed derived from it and N.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Threads to play on (default: one per core). The results do not depend on it.
    #[arg(long)]
    threads: Option<usize>,
    /// Who plays: one bot spec for every seat, or one per seat separated by commas, e.g.
    /// `heuristic` or `heuristic,random,heuristic,random` (specs as in `pachisi tournament`).
    /// Default: uniformly random choices among the legal moves, passes included.
    #[arg(long, value_name = "SPEC,SPEC", value_delimiter = ',')]
    bots: Vec<String>,
    /// Print JSON instead of text.
    #[arg(long)]
    json: bool,
}

/// The settings of `pachisi bench`.
#[derive(Args, Debug)]
struct BenchArgs {
    /// Rulesets to measure, built-in names or ruleset files, separated by commas (default: every
    /// built-in ruleset).
    #[arg(long, value_name = "NAME,NAME", value_delimiter = ',')]
    rules: Vec<String>,
    /// Random games per ruleset and per run.
    #[arg(long, default_value_t = 5000)]
    games: u64,
    /// Master seed.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Threads of the second run (default: one per core); the first always uses one.
    #[arg(long)]
    threads: Option<usize>,
    /// Leave out the timing of Monte Carlo tree search (the default `mcts` bot, and playouts
    /// with random moves to the end of the game, each on ten positions of a random game).
    #[arg(long)]
    no_mcts: bool,
    /// Print JSON instead of a table.
    #[arg(long)]
    json: bool,
}

/// The settings of `pachisi tournament`.
#[derive(Args, Debug)]
struct TournamentArgs {
    #[command(flatten)]
    rules: RulesArgs,
    /// The bots, at least two: specs separated by commas, or the option repeated, e.g.
    /// `--bots random,heuristic --bots mcts:playouts=300`. A kind may appear more than once with
    /// different options.
    #[arg(long, value_name = "SPEC,SPEC", value_delimiter = ',', required = true)]
    bots: Vec<String>,
    /// Games per pairing, rounded up to whole deals.
    #[arg(long, default_value_t = 200)]
    games: u64,
    /// Master seed of the throws and the bots' random choices.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Threads to play on (default: one per core). The results do not depend on it.
    #[arg(long)]
    threads: Option<usize>,
    /// Play a ladder: each bot meets only the next one named (random against heuristic,
    /// heuristic against expectimax, ...), so every game measures a step of the ladder. Without
    /// it every bot meets every other.
    #[arg(long)]
    ladder: bool,
    /// Print the report as JSON instead of tables.
    #[arg(long)]
    json: bool,
}

/// The settings of `pachisi report`.
#[derive(Args, Debug)]
struct ReportArgs {
    /// The rulesets to compare, separated by commas: built-in names (`pachisi rules list`) or
    /// ruleset files.
    #[arg(long, value_name = "NAME,NAME", value_delimiter = ',', required = true)]
    rules: Vec<String>,
    /// Random games per ruleset for the game-length, advantage and throw figures.
    #[arg(long, default_value_t = 10_000)]
    games: u64,
    /// Games per pairing of bots in the luck-versus-skill matches (rounded up to whole deals);
    /// 0 leaves that figure out. Each ruleset plays two matches.
    #[arg(long, default_value_t = 100, value_name = "M")]
    skill_games: u64,
    /// The bot measured against the heuristic bot, e.g. `expectimax:depth=1` or
    /// `mcts:playouts=300`. Expectimax takes about 15 ms a decision under Parcheesi.
    #[arg(long, default_value = "expectimax", value_name = "SPEC")]
    best_bot: String,
    /// Held-out games per ruleset for the calibration figure (the heuristic's and the shipped
    /// network's winning chances against the outcomes); 0 leaves that figure out.
    #[arg(long, default_value_t = 200, value_name = "N")]
    calibration_games: u64,
    /// Master seed of the games and matches.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Threads to play on (default: one per core). The results do not depend on it.
    #[arg(long)]
    threads: Option<usize>,
    /// The directory to write into (created if needed; files of the same name are replaced).
    #[arg(long, value_name = "DIR")]
    out: PathBuf,
}

#[derive(Subcommand, Debug)]
enum RulesCommand {
    /// List the built-in rulesets.
    List {
        /// Print JSON instead of text.
        #[arg(long)]
        json: bool,
    },
    /// Show a ruleset: its description, board, throw outcomes with probabilities, and every field.
    ///
    /// Example: pachisi rules show ludo (or: pachisi rules show --rules ludo)
    Show {
        /// A built-in ruleset name or a ruleset file (or give it with --rules).
        name: Option<String>,
        /// The ruleset, as every other command takes it: a built-in name or a ruleset file.
        #[arg(long = "rules", value_name = "NAME")]
        rules: Option<String>,
        /// Override a field, e.g. `--set moves.split=true` (repeatable).
        #[arg(long = "set", value_name = "FIELD=VALUE")]
        set: Vec<String>,
        /// Print JSON instead of text.
        #[arg(long)]
        json: bool,
    },
    /// Explain how to play a ruleset, in plain words made from the ruleset itself: the players,
    /// the throw with the chance of every value, a turn, coming into play, the route, castles,
    /// captures, moving and the end. The same text as the page /rules/NAME of `pachisi serve`;
    /// `rules show` gives the fields themselves.
    ///
    /// Example: pachisi rules explain pachisi
    ///
    /// Example: pachisi rules explain parcheesi-sr --set finish.placings=all --lang en
    Explain {
        /// A built-in ruleset name or a ruleset file (or give it with --rules).
        name: Option<String>,
        /// The ruleset, as every other command takes it: a built-in name or a ruleset file.
        #[arg(long = "rules", value_name = "NAME")]
        rules: Option<String>,
        /// Override a field, e.g. `--set moves.split=true` (repeatable): the explanation follows.
        #[arg(long = "set", value_name = "FIELD=VALUE")]
        set: Vec<String>,
        /// The language, e.g. `en` (default: the environment's, LC_ALL, LC_MESSAGES or LANG;
        /// English where no catalogue of that language is shipped).
        #[arg(long, value_name = "TAG")]
        lang: Option<String>,
        /// Print the HTML of the page (its article, with the route drawn as SVG) instead of text.
        #[arg(long)]
        html: bool,
    },
    /// Show a seat's route: every square in order, castles marked.
    ///
    /// Example: pachisi rules route pachisi --seat G (or: pachisi rules route --rules pachisi --seat 1)
    Route {
        /// A built-in ruleset name or a ruleset file (or give it with --rules).
        name: Option<String>,
        /// The ruleset, as every other command takes it: a built-in name or a ruleset file.
        #[arg(long = "rules", value_name = "NAME")]
        rules: Option<String>,
        /// The seat (0 moves first), or its colour letter.
        #[arg(long, default_value = "0", allow_hyphen_values = true)]
        seat: String,
        /// Override a field, e.g. `--set board.direction=clockwise` (repeatable).
        #[arg(long = "set", value_name = "FIELD=VALUE")]
        set: Vec<String>,
        /// Print JSON instead of text.
        #[arg(long)]
        json: bool,
    },
}

#[derive(Subcommand, Debug)]
enum RecordCommand {
    /// Play one game between random players and print its record.
    ///
    /// Overrides given with --set are kept in the record's Set tag, so `record check` replays it
    /// under the same rules.
    Random {
        #[command(flatten)]
        rules: RulesArgs,
        /// Seed of the throws and choices.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Write the record to this file instead of standard output.
        #[arg(long)]
        out: Option<PathBuf>,
        #[command(flatten)]
        fair: verify::FairArgs,
    },
    /// Replay a record, check it, and print the final position.
    ///
    /// The record's ruleset is its Ruleset tag, with the overrides of its Set tag (written by
    /// `record random --set`) and then any given here.
    Check {
        /// The record file.
        file: PathBuf,
        /// Override a field of the record's ruleset (repeatable).
        #[arg(long = "set", value_name = "FIELD=VALUE")]
        set: Vec<String>,
    },
}

/// A position and the throw made in it.
#[derive(Args, Debug, Clone)]
struct PositionArgs {
    /// The position in one-line notation (docs/notation.md), or `start`.
    #[arg(long, default_value = "start")]
    position: String,
    /// The throw: its value (25), or two separate dice (5-3) where each die counts on its own;
    /// needed when the position waits for a throw.
    #[arg(long)]
    throw: Option<pachisi_core::ThrowName>,
}

/// The ruleset to play under.
#[derive(Args, Debug, Clone)]
struct RulesArgs {
    /// A built-in ruleset name (`pachisi rules list`) or a ruleset file.
    #[arg(long = "rules", default_value = "pachisi")]
    name: String,
    /// Override a field, e.g. `--set moves.split=true` (repeatable).
    #[arg(long = "set", value_name = "FIELD=VALUE")]
    set: Vec<String>,
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    match run::run(cli) {
        Ok(()) => ExitCode::SUCCESS,
        // The reader of the output has gone (`pachisi ... | head`): nothing more to say.
        Err(e) if is_broken_pipe(&e) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("error: {e:#}");
            ExitCode::FAILURE
        }
    }
}

/// Whether an error comes from writing to a pipe whose reader has closed it.
fn is_broken_pipe(e: &anyhow::Error) -> bool {
    e.chain().any(|cause| {
        cause
            .downcast_ref::<std::io::Error>()
            .is_some_and(|io| io.kind() == std::io::ErrorKind::BrokenPipe)
    })
}
