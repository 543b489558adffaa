import type { ChatAnswer, ChatTool } from "../../lib/openai";
import type { AssistantOutcome } from "./outcome";
import type { AssistantTurn } from "./turn";

export const TRANSFER_TOOL = "transfer_to_human";

/** The hand-over the model may call (issue 15: a tool call, never a magic string in its answer). */
export function assistantTools(turn: Pick<AssistantTurn, "queues">): ChatTool[] {
  const names = turn.queues.map((q) => q.name);
  return [
    {
      name: TRANSFER_TOOL,
      description:
        "Hand the conversation over to a human agent: when the contact asks for a person, or when you cannot help. Optionally name the queue (department) that should take it.",
      parameters: {
        type: "object",
        properties: {
          ...(names.length ? { queue: { type: "string", enum: names, description: "The department to hand over to; leave out for the default one." } } : {}),
          reason: { type: "string", description: "Why, in a few words." },
        },
        additionalProperties: false,
      },
    },
  ];
}

/** The model's answer as an outcome: a transfer when it called the tool (a queue it named, or the default). */
export function outcomeOf(answer: ChatAnswer, turn: Pick<AssistantTurn, "queues">): AssistantOutcome {
  const transfer = answer.toolCalls.find((c) => c.name === TRANSFER_TOOL);
  if (transfer) {
    const named = typeof transfer.arguments.queue === "string" ? transfer.arguments.queue.trim().toLowerCase() : "";
    const queue = named ? turn.queues.find((q) => q.name.toLowerCase() === named) : undefined;
    return { kind: "transfer", queueId: queue?.id ?? null, text: answer.content, usage: answer.usage };
  }
  return { kind: "answer", text: answer.content, usage: answer.usage };
}
