// The library, reached through the WebAssembly build in a worker (`worker.js`), or,
// when WebAssembly cannot start, through the JSON API of `sudokit serve`. Every call
// returns a promise; a failure rejects with an Error carrying the library's message.

const TIMEOUT_READY_MS = 15000;

/** The library's calls: `solve`, `count`, `hint`, `explain`, `rate`, `generate`,
 * each a promise. `cancel()` stops whatever runs (the worker is restarted). */
export class Engine {
  constructor() {
    this.pending = new Map();
    this.next = 1;
    this.mode = "starting";
    this.ready = this.start();
  }

  start() {
    return new Promise((resolve) => {
      let worker;
      const fail = (why) => {
        worker?.terminate();
        this.worker = null;
        this.mode = "api";
        this.why = why;
        resolve(this.mode);
      };
      try {
        worker = new Worker(new URL("./worker.js", import.meta.url), { type: "module" });
      } catch (e) {
        fail(String(e?.message ?? e));
        return;
      }
      const timer = setTimeout(() => fail("the WebAssembly module did not start in time"), TIMEOUT_READY_MS);
      worker.onerror = (e) => {
        clearTimeout(timer);
        e.preventDefault?.();
        if (this.mode === "wasm") this.failAll("the solver stopped: reload the page");
        else fail(e.message || "the WebAssembly module could not be loaded");
      };
      worker.onmessage = ({ data }) => {
        if ("ready" in data) {
          clearTimeout(timer);
          if (!data.ready) return fail(data.error);
          this.worker = worker;
          this.mode = "wasm";
          resolve(this.mode);
          return;
        }
        const job = this.pending.get(data.id);
        if (!job) return;
        this.pending.delete(data.id);
        if (data.ok) job.resolve(data.value);
        else job.reject(new Error(data.error));
      };
    });
  }

  failAll(message) {
    for (const job of this.pending.values()) job.reject(new Error(message));
    this.pending.clear();
  }

  async call(fn, ...args) {
    await this.ready;
    if (this.mode === "api") return api(fn, args);
    const id = this.next++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      this.worker.postMessage({ id, fn, args });
    });
  }

  /** Stops the running calls (they reject) and starts a fresh worker. */
  cancel() {
    if (this.mode !== "wasm") return;
    this.worker.terminate();
    this.failAll("cancelled");
    this.mode = "starting";
    this.ready = this.start();
  }

  solve(text) {
    return this.call("solve", text);
  }
  count(text, limit) {
    return this.call("count", text, limit);
  }
  hint(text) {
    return this.call("hint", text);
  }
  explain(text) {
    return this.call("explain", text);
  }
  rate(text) {
    return this.call("rate", text);
  }
  generate(options) {
    return this.call("generate", options);
  }
}

/** What the API answers that the WebAssembly call returns bare. */
const UNWRAP = { solve: "solution", count: "count", generate: "puzzle" };

/** One call through `sudokit serve`'s JSON API (`POST /api/<call>`). */
async function api(fn, args) {
  const [first, second] = args;
  const body = fn === "generate" ? { ...first } : { puzzle: first };
  if (fn === "count") body.limit = second;
  let res;
  try {
    res = await fetch(`api/${fn}`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(body),
    });
  } catch {
    throw new Error("The solver is not available: WebAssembly did not start and no server answered.");
  }
  const answer = await res.json().catch(() => null);
  if (!res.ok || !answer) throw new Error(answer?.error ?? `the server answered ${res.status}`);
  return UNWRAP[fn] ? answer[UNWRAP[fn]] : answer;
}
