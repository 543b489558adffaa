// npm run bench: runs every benchmark in bench/ in turn and prints their figures and conditions.
import { spawnSync } from "node:child_process";

const benches = ["bench/fanout.mjs", "bench/inbox.mjs", "bench/dashboard.mjs", "bench/inbound.mjs", "bench/firstVisit.mjs", "bench/kanban.mjs", "bench/assistant.mjs", "bench/teamChat.mjs", "bench/announcementFanout.mjs", "bench/campaign.mjs", "bench/cloudInbound.mjs", "bench/webhooks.mjs", "bench/automation.mjs", "bench/assignment.mjs", "bench/retention.mjs", "bench/push.mjs", "bench/import.mjs", "bench/session-hosts.mjs"];
let failed = false;
for (const file of benches) {
  console.log(`\n=== ${file} ===`);
  const r = spawnSync(process.execPath, [file], { stdio: "inherit", env: process.env });
  if (r.status !== 0) failed = true;
}
process.exit(failed ? 1 : 0);
