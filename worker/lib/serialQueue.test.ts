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

  it("lets other work in between two queued tasks, however synchronous their bodies", async () => {
    const queue = new SerialQueue();
    const order: string[] = [];
    const first = queue.run(async () => void order.push("first"));
    const second = queue.run(async () => void order.push("second"));
    // An event that arrives while the first runs (a page's read): it goes before the second.
    setTimeout(() => order.push("read"), 0);
    await Promise.all([first, second]);
    expect(order).toEqual(["first", "read", "second"]);
  });
});
