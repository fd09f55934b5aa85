// The project tree the loaders' tests write: shared by the test files
// beside it (node --test runs this file too; it declares no test).
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

/** A project directory named proj holding files (path -> text). */
export function tree(files) {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), "loaders-"));
  const dir = path.join(root, "proj");
  fs.mkdirSync(dir);
  for (const [name, text] of Object.entries(files)) {
    const p = path.join(root, name);
    fs.mkdirSync(path.dirname(p), { recursive: true });
    fs.writeFileSync(p, text);
  }
  return dir;
}
