import type { Db } from "../../db/client";
import { forgetAssigningQueues } from "../assignment/assigningQueues";
import { forgetActiveRules } from "../automation/rules/activeRules";
import { forgetPushSubscribers } from "../push/subscribers";
import { forgetQueueTargets } from "../serviceLevels/queueTargets";
import { forgetActiveSubscriptions } from "../webhooks/activeSubscriptions";

/**
 * Rows written by an import bypass the verbs that forget the hub's in-memory reads (shared/hubMemory.ts): each batch
 * forgets them all, so imported rules, queues and subscriptions count from the next event on.
 */
export function forgetHubMemory(db: Db) {
  forgetActiveRules(db);
  forgetAssigningQueues(db);
  forgetQueueTargets(db);
  forgetPushSubscribers(db);
  forgetActiveSubscriptions(db);
}
