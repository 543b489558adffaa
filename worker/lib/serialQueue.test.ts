import { describe, expect, it } from "vitest";
import { SerialQueue } from "./serialQueue";

describe("SerialQueue", () => {
  it("never lets two tasks overlap, even when they await in between", async () => {
    const queue = new SerialQueue();
    let running = 0;
    let maxRunning = 0;
    const order: number[] = [];
    await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        queue.run(async () => {
          running++;
          maxRunning = Math.max(maxRunning, running);
          await new Promise((r) => setTimeout(r, Math.random() * 3));
          order.push(i);
          running--;
        }),
      ),
    );
    expect(maxRunning).toBe(1);
    expect(order).toEqual(Array.from({ length: 20 }, (_, i) => i));
  });

  it("keeps going after a task fails, and hands the failure to its caller only", async () => {
    const queue = new SerialQueue();
    const failed = queue.run(async () => {
      throw new Error("boom");
    });
    const next = queue.run(async () => "ok");
    await expect(failed).rejects.toThrow("boom");
    await expect(next).resolves.toBe("ok");
    expect(queue.depth).toBe(0);
  });
});
