import { useCallback, useEffect, useState } from "react";
import { z } from "zod";
import { storage } from "../../lib/storage";

/** The to-do list lives only in this browser's localStorage (spec). */
export const TODO_STORAGE_KEY = "todolist";

const todoItem = z.object({ text: z.string(), createdAt: z.string(), updatedAt: z.string() });
export type TodoItem = z.infer<typeof todoItem>;

export function readTodos(): TodoItem[] {
  try {
    const parsed = z.array(todoItem).safeParse(JSON.parse(storage.get(TODO_STORAGE_KEY) ?? "[]"));
    return parsed.success ? parsed.data : [];
  } catch {
    return [];
  }
}

function writeTodos(items: TodoItem[]) {
  storage.set(TODO_STORAGE_KEY, JSON.stringify(items));
}

export function addTodo(items: TodoItem[], text: string, now = new Date()): TodoItem[] {
  const stamp = now.toISOString();
  return [...items, { text, createdAt: stamp, updatedAt: stamp }];
}

export function editTodo(items: TodoItem[], index: number, text: string, now = new Date()): TodoItem[] {
  return items.map((item, i) => (i === index ? { ...item, text, updatedAt: now.toISOString() } : item));
}

export function removeTodo(items: TodoItem[], index: number): TodoItem[] {
  return items.filter((_, i) => i !== index);
}

/** The list, read after hydration (the server has no localStorage) and saved on every change. */
export function useTodos() {
  const [items, setItems] = useState<TodoItem[] | null>(null);
  useEffect(() => {
    setItems(readTodos());
    const onStorage = (e: StorageEvent) => {
      if (e.key === TODO_STORAGE_KEY) setItems(readTodos());
    };
    window.addEventListener("storage", onStorage);
    return () => window.removeEventListener("storage", onStorage);
  }, []);
  const update = useCallback((change: (items: TodoItem[]) => TodoItem[]) => {
    setItems((prev) => {
      const next = change(prev ?? []);
      writeTodos(next);
      return next;
    });
  }, []);
  return { items, update };
}
