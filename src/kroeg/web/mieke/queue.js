// Mieke's outbox: score lines and corrections wait in IndexedDB until the server has
// them. Each item keeps the id the phone gave it, so sending it again after a lost
// answer is harmless: the server answers duplicate_entry and counts it once.

const DB = "kroeg-mieke";
const STORE = "outbox";

function open() {
  return new Promise((resolve, reject) => {
    const request = indexedDB.open(DB, 1);
    request.onupgradeneeded = () => request.result.createObjectStore(STORE, { keyPath: "id" });
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
}

async function run(mode, work) {
  const db = await open();
  return new Promise((resolve, reject) => {
    const tx = db.transaction(STORE, mode);
    const result = work(tx.objectStore(STORE));
    tx.oncomplete = () => resolve(result && "result" in result ? result.result : undefined);
    tx.onerror = () => reject(tx.error);
  });
}

/** Queue an item {id, token, path, body, queuedAt}. */
export function put(item) {
  return run("readwrite", (store) => store.put(item));
}

export function remove(id) {
  return run("readwrite", (store) => store.delete(id));
}

/** The queued items of one table, oldest first. */
export async function waiting(token) {
  const all = (await run("readonly", (store) => store.getAll())) || [];
  return all.filter((item) => item.token === token).sort((a, b) => a.queuedAt - b.queuedAt);
}
