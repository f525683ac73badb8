// Calls to the JSON API.  Every error the server sends is {"error": message, "type": class};
// a failed call throws an ApiError carrying that message.

export class ApiError extends Error {
  constructor(message, status, data) {
    super(message);
    this.status = status;
    this.data = data || {};
  }
}

async function failure(response) {
  let data = null;
  try { data = await response.json(); } catch (e) { /* not JSON */ }
  const message = data && data.error ? data.error : `the server answered ${response.status} ${response.statusText}`;
  return new ApiError(message, response.status, data);
}

export async function getJSON(path) {
  const response = await fetch(path);
  if (!response.ok) throw await failure(response);
  return response.json();
}

export async function postJSON(path, body, signal) {
  const response = await fetch(path, {
    method: "POST", headers: {"Content-Type": "application/json"}, body: JSON.stringify(body), signal,
  });
  if (!response.ok) throw await failure(response);
  return response.json();
}

// POST a request answered with Server-Sent Events; onEvent(name, data) for each event.
// Aborting `signal` closes the stream, which stops the search on the server.
async function postEvents(path, body, signal, onEvent) {
  const response = await fetch(path, {
    method: "POST", headers: {"Content-Type": "application/json", "Accept": "text/event-stream"},
    body: JSON.stringify(body), signal,
  });
  if (!response.ok) throw await failure(response);
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  let buffer = "";
  for (;;) {
    const {value, done} = await reader.read();
    if (done) break;
    buffer += decoder.decode(value, {stream: true});
    let end;
    while ((end = buffer.indexOf("\n\n")) >= 0) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      let name = "message", data = "";
      for (const line of block.split("\n")) {
        if (line.startsWith("event: ")) name = line.slice(7);
        else if (line.startsWith("data: ")) data += line.slice(6);
      }
      if (data) onEvent(name, JSON.parse(data));
    }
  }
}

// One streamed request at a time: starting one stops the one before (closing its stream stops its
// search on the server); events and errors of a stopped request are dropped.
export class Streamer {
  constructor() {
    this.controller = null;
  }

  get running() {
    return this.controller !== null;
  }

  stop() {
    if (!this.controller) return false;
    this.controller.abort();
    this.controller = null;
    return true;
  }

  // Resolves to true when this request ran to its end (not stopped or replaced meanwhile).
  async run(path, body, onEvent, onError) {
    this.stop();
    const controller = new AbortController();
    this.controller = controller;
    const current = () => controller === this.controller;
    try {
      await postEvents(path, body, controller.signal, (name, data) => {
        if (!current()) return;
        if (name === "error") onError(data.error);
        else onEvent(name, data);
      });
    } catch (error) {
      if (error.name !== "AbortError" && current()) onError(error.message);
    }
    if (!current()) return false;
    this.controller = null;
    return true;
  }
}
