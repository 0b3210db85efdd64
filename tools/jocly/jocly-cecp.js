#!/usr/bin/env node
// A CECP (XBoard protocol v2) engine for Raumschach around Jocly's AI (npm `jocly`, AGPL).
// We only call Jocly's public match API (createMatch, getPossibleMoves, applyMove, machineSearch,
// getConfig); none of its code is copied here. See README.md in this folder.
//
// Moves on the wire are hyperchess's native Raumschach notation: from-square, to-square, then a
// lower-case promotion letter (`Ad1Bd3`, `Dc4Ec5q`); a square is level (A-E), file (a-e), rank (1-5),
// which is also how Jocly names its cells, so a move is translated by cell name.
"use strict";

const readline = require("readline");
const fs = require("fs");

let Jocly;
try {
    Jocly = require("jocly");
} catch (e) {
    process.stderr.write("jocly-cecp: the npm package `jocly` is not installed; run `npm install` in tools/jocly\n");
    process.exit(2);
}

const GAME = "raumschach";
const USAGE = `usage: node jocly-cecp.js [--level NAME] [--nodes N] [--movetime SECONDS] [--log FILE]
  A CECP (XBoard v2) engine playing Raumschach with Jocly's UCT search.
  --level NAME        Jocly's level: easy, fast, medium or strong (default strong)
  --nodes N           at most N new search-tree nodes a move (0: the level's own; default 0)
  --movetime SECONDS  at most SECONDS a move (0: the level's own; default 0); the clock caps it too
  --log FILE          append every line in (<) and out (>) to FILE
`;

// ---------------------------------------------------------------- command line
const settings = { level: "strong", nodes: 0, movetime: 0, log: null };

function fail(reason) {
    process.stderr.write(`jocly-cecp: ${reason}\n`);
    process.exit(2);
}

function parseArgs(argv) {
    for (let i = 0; i < argv.length; i++) {
        const arg = argv[i];
        if (arg === "-h" || arg === "--help") {
            process.stdout.write(USAGE);
            process.exit(0);
        }
        const [flag, inline] = arg.includes("=") ? arg.split(/=(.*)/s, 2) : [arg, undefined];
        if (!["--level", "--nodes", "--movetime", "--log"].includes(flag)) fail(`unknown argument ${JSON.stringify(arg)} (see --help)`);
        const value = inline !== undefined ? inline : argv[++i];
        if (value === undefined) fail(`${flag} needs a value`);
        if (flag === "--level") settings.level = value;
        else if (flag === "--log") settings.log = value;
        else {
            const n = Number(value);
            if (!Number.isFinite(n) || n < 0) fail(`${flag} takes a number >= 0, not ${JSON.stringify(value)}`);
            settings[flag.slice(2)] = n;
        }
    }
}

// ---------------------------------------------------------------- output
let logStream = null;

function log(dir, line) {
    if (logStream) logStream.write(`${(Date.now() / 1000).toFixed(3)} ${dir} ${line}\n`);
}

function send(line) {
    log(">", line);
    process.stdout.write(line + "\n");
}

// ---------------------------------------------------------------- engine state
const state = {
    match: null,            // Jocly match of the current game
    levels: [],             // Jocly's levels for Raumschach (from its config)
    force: false,
    finished: false,        // after `result`, until `new`
    clock: { mps: 0, base: 0, inc: 0, st: 0, own: null, moveNumber: 0 },
    searching: null,        // { cancelled } while a search runs
    nodeCount: 0,
};

async function newGame() {
    if (state.searching) await cancelSearch();
    state.match = await Jocly.createMatch(GAME);
    countNodes(state.match);
    state.force = false;
    state.finished = false;
    state.clock.own = null;
    state.clock.moveNumber = 0;
}

// Jocly's UCT evaluates each new tree node once (Board.Evaluate); counting those calls gives the
// nodes a search made. Jocly does not report the count itself.
function countNodes(match) {
    const proto = Object.getPrototypeOf(match.game.mBoard);
    if (proto.__hyperchessCounted) return;
    const evaluate = proto.Evaluate;
    proto.Evaluate = function (...args) {
        state.nodeCount++;
        return evaluate.apply(this, args);
    };
    proto.__hyperchessCounted = true;
}

function levelByName(name) {
    return state.levels.find((l) => l.name === name);
}

// ---------------------------------------------------------------- notation
function geometry() {
    return state.match.game.cbVar.geometry;
}

function pieceTypes() {
    return state.match.game.cbVar.pieceTypes;
}

function moveText(move) {
    const g = geometry();
    let text = g.PosName(move.f) + g.PosName(move.t);
    if (move.pr !== undefined && move.pr !== null) text += pieceTypes()[move.pr].abbrev.toLowerCase();
    return text;
}

const MOVE_RE = /^([A-Ea-e][a-e][1-5])[-x]?([A-Ea-e][a-e][1-5])(?:=?([a-zA-Z]))?$/;

// The Jocly move written `text`, or a reason why there is none.
async function findMove(text) {
    const m = MOVE_RE.exec(text);
    if (!m) return { error: "malformed" };
    const norm = (sq) => sq[0].toUpperCase() + sq.slice(1).toLowerCase();
    const want = norm(m[1]) + norm(m[2]) + (m[3] ? m[3].toLowerCase() : "");
    const moves = await state.match.getPossibleMoves();
    for (const move of moves) {
        if (moveText(move) === want) return { move };
    }
    return { error: "illegal" };
}

async function applyMove(move) {
    const result = await state.match.applyMove(move);
    state.clock.moveNumber++;
    return result;
}

// ---------------------------------------------------------------- time
// Seconds for this move: the level's (or --movetime's/--nodes') budget, capped by the clock.
function moveBudget() {
    const c = state.clock;
    let seconds = Infinity;
    if (c.st > 0) seconds = c.st * 0.9 - 0.1;
    else if (c.own !== null) {
        const left = c.own / 100;
        let movesToGo = 30;
        if (c.mps > 0) {
            const ours = Math.floor(state.clock.moveNumber / 2);
            movesToGo = c.mps - (ours % c.mps);
        }
        seconds = left / (movesToGo + 1) + c.inc * 0.8;
        seconds = Math.min(seconds, left * 0.5) - 0.15;   // Jocly checks its clock every 100 ms
    }
    return Math.max(0.05, seconds);
}

function searchLevel() {
    const base = levelByName(settings.level) || levelByName("strong") || state.levels[state.levels.length - 1];
    const level = Object.assign({}, base);
    if (settings.nodes > 0) level.maxNodes = settings.nodes;
    if (settings.movetime > 0) level.maxDuration = settings.movetime;
    const clockCap = moveBudget();
    if (Number.isFinite(clockCap)) {
        level.maxDuration = level.maxDuration > 0 ? Math.min(level.maxDuration, clockCap) : clockCap;
    } else if (!(level.maxDuration > 0) && !(level.maxNodes > 0)) {
        level.maxDuration = 2;
    }
    if (!(level.maxDuration > 0)) level.maxDuration = 3600;   // Jocly's UCT defaults to 2 s otherwise
    return level;
}

// ---------------------------------------------------------------- search
async function think() {
    if (state.finished) {
        send("# the game is over; send new");
        return;
    }
    const possible = await state.match.getPossibleMoves();
    if (possible.length === 0) {
        claimResult((await state.match.getFinished()).winner);
        return;
    }
    const level = searchLevel();
    const started = Date.now();
    state.nodeCount = 0;
    const token = { cancelled: false };
    state.searching = token;
    let move = null;
    let timer = null;
    // Jocly's UCT never ends on a root it takes as finished (its own draw rules: 100 plies without a
    // capture, a repeated position) while our referee plays on; so the search is also bounded here.
    const watchdog = new Promise((resolve) => {
        timer = setTimeout(() => resolve({ move: null, timedOut: true }), level.maxDuration * 1000 + 1000);
    });
    try {
        const result = await Promise.race([state.match.machineSearch({ level }), watchdog]);
        if (result.timedOut) {
            await state.match.abortMachineSearch().catch(() => {});
            send("# jocly's search did not end; playing its first legal move");
        }
        move = result.move;
    } catch (e) {
        if (token.cancelled) return;
        send(`# jocly's search failed (${String(e && e.message || e).slice(0, 200)}); playing its first legal move`);
    } finally {
        clearTimeout(timer);
        if (state.searching === token) state.searching = null;
    }
    if (token.cancelled) return;
    if (!move) move = possible[0];
    const ms = Date.now() - started;
    const after = await applyMove(move);
    send(`# jocly level ${level.name} nodes ${state.nodeCount} time ${ms} ms`);
    send(`move ${moveText(move)}`);
    // Claim only a game with no move left (mate, stalemate); draws by Jocly's own counts are left to
    // the GUI, whose rules (ours) may differ.
    if (after.finished && (await state.match.getPossibleMoves()).length === 0) claimResult(after.winner);
}

function claimResult(winner) {
    if (winner === Jocly.PLAYER_A) send("1-0 {White mates}");
    else if (winner === Jocly.PLAYER_B) send("0-1 {Black mates}");
    else if (winner === Jocly.DRAW) send("1/2-1/2 {Stalemate}");
}

async function cancelSearch() {
    const token = state.searching;
    if (!token) return;
    token.cancelled = true;
    state.searching = null;
    try {
        await state.match.abortMachineSearch();
    } catch (e) { /* already over */ }
}

// ---------------------------------------------------------------- commands
function features() {
    const options = state.levels.map((l) => (l.name === settings.level ? "*" : "") + l.name).join(" /// ");
    send('feature done=0');
    send('feature myname="Jocly UCT (hyperchess CECP wrapper)" ping=1 setboard=0 usermove=1 san=0 time=1 '
        + 'draw=0 sigint=0 sigterm=0 reuse=1 analyze=0 colors=0 playother=0 name=0 nps=0 debug=0 memory=0 smp=0');
    send(`feature variants="${GAME}"`);
    send(`feature option="Level -combo ${options}"`);
    send(`feature option="Nodes -spin ${settings.nodes} 0 100000000"`);
    send(`feature option="MoveTime -spin ${settings.movetime} 0 3600"`);
    send("feature done=1");
}

function setOption(text) {
    const [name, value = ""] = text.split(/=(.*)/s, 2).map((s) => s.trim());
    if (name === "Level") {
        if (!levelByName(value)) return send(`Error (unknown level): ${value}`);
        settings.level = value;
    } else if (name === "Nodes" || name === "MoveTime") {
        const n = Number(value);
        const max = name === "Nodes" ? 1e8 : 3600;
        if (value === "" || !Number.isFinite(n) || n < 0 || n > max) return send(`Error (bad value): option ${text}`);
        settings[name === "Nodes" ? "nodes" : "movetime"] = n;
    } else send(`Error (unknown option): ${name}`);
}

// `level MPS BASE INC`, BASE as minutes or MIN:SEC.
function setLevel(args) {
    if (args.length !== 3) return send(`Error (bad level): level ${args.join(" ")}`);
    const mps = Number(args[0]);
    const [min, sec = "0"] = args[1].split(":");
    const base = Number(min) * 60 + Number(sec);
    const inc = Number(args[2]);
    if (![mps, base, inc].every((x) => Number.isFinite(x) && x >= 0)) return send(`Error (bad level): level ${args.join(" ")}`);
    Object.assign(state.clock, { mps: Math.floor(mps), base, inc, st: 0 });
}

async function userMove(text, bare) {
    if (state.finished) return send(`Illegal move (the game is over): ${text}`);
    const { move, error } = await findMove(text);
    if (!move) {
        if (bare && error === "malformed") return send(`Error (unknown command): ${text}`);
        return send(`Illegal move${error === "malformed" ? " (malformed)" : ""}: ${text}`);
    }
    await applyMove(move);
    if (!state.force) await think();
}

async function handle(line) {
    const words = line.trim().split(/\s+/).filter(Boolean);
    if (words.length === 0) return;
    const [cmd, ...args] = words;
    const number = (s) => { const n = Number(s); return Number.isFinite(n) && n >= 0 ? n : null; };
    switch (cmd) {
        case "xboard": case "accepted": case "rejected": case "post": case "nopost": case "hard": case "easy":
        case "random": case "computer": case "name": case "ics": case "draw": case "hint": case "bk": case "?":
        case "white": case "black": case "cores": case "memory": case "sd": case "nps": case "otim": case ".":
            return;
        case "protover": return features();
        case "ping": return send(`pong ${args.join(" ")}`.trim());
        case "new": return newGame();
        case "variant":
            if (args[0] !== GAME) return send(`Error (unsupported variant): ${args.join(" ")}`);
            return;
        case "force": state.force = true; return;
        case "go":
            state.force = false;
            return think();
        case "playother": return send("Error (unknown command): playother");
        case "level": return setLevel(args);
        case "st": {
            const n = number(args[0]);
            if (n === null) return send(`Error (bad time): ${line.trim()}`);
            state.clock.st = n;
            return;
        }
        case "time": {
            const n = number(args[0]);
            if (n === null) return send(`Error (bad time): ${line.trim()}`);
            state.clock.own = n;
            return;
        }
        case "result": state.finished = true; state.force = true; return;
        case "option": return setOption(args.join(" "));
        case "usermove": return userMove(args.join(""), false);
        case "undo": case "remove": {
            const n = cmd === "undo" ? 1 : 2;
            const played = await state.match.getPlayedMoves();
            await state.match.rollback(Math.max(0, played.length - n));
            state.clock.moveNumber = Math.max(0, state.clock.moveNumber - n);
            state.finished = false;
            return;
        }
        case "setboard": return send("Error (setboard is not supported): setboard");
        case "quit": process.exit(0);
        default:
            if (MOVE_RE.test(cmd)) return userMove(cmd, true);
            return send(`Error (unknown command): ${cmd.slice(0, 200)}`);
    }
}

// Commands run one after another; `go` holds the queue until the move is sent. Commands that end
// the position's search (new, force, result, undo, remove, quit) cancel a running search first.
async function main() {
    parseArgs(process.argv.slice(2));
    if (settings.log) {
        try {
            logStream = fs.createWriteStream(settings.log, { flags: "a" });
        } catch (e) {
            fail(`cannot open --log ${settings.log}: ${e.message}`);
        }
        logStream.on("error", (e) => { process.stderr.write(`jocly-cecp: --log: ${e.message}\n`); process.exit(2); });
    }
    const config = await Jocly.getGameConfig(GAME);
    state.levels = config.model.levels;
    if (!levelByName(settings.level)) fail(`unknown level ${JSON.stringify(settings.level)}: one of ${state.levels.map((l) => l.name).join(", ")}`);
    await newGame();

    const queue = [];
    let running = false;
    let closed = false;         // stdin ended: finish the queued commands (a search owes its move), then exit
    const pump = async () => {
        if (running) return;
        running = true;
        while (queue.length) {
            const line = queue.shift();
            try {
                await handle(line);
            } catch (e) {
                send(`# internal error: ${String(e && e.message || e).slice(0, 200)}`);
            }
        }
        running = false;
        if (closed) process.exit(0);
    };
    const rl = readline.createInterface({ input: process.stdin, terminal: false });
    rl.on("line", (raw) => {
        const line = raw.replace(/[\x00-\x1f\x7f]/g, " ");
        log("<", line);
        const cmd = line.trim().split(/\s+/)[0];
        if (state.searching && ["new", "force", "result", "undo", "remove", "quit"].includes(cmd)) cancelSearch();
        queue.push(line);
        pump();
    });
    rl.on("close", () => {
        closed = true;
        if (!running) process.exit(0);
    });
}

main().catch((e) => fail(String(e && e.stack || e)));
