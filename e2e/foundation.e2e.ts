import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { api, apiLogin } from "./support/api";
import { closeBrowser, getBrowser, login, newContext, screenshot } from "./support/browser";
import { demo } from "./support/env";

const nav = (page: Page) => page.getByRole("navigation", { name: "Menu principal" });

describe("journey: an admin and an agent find their way around the foundation", () => {
  beforeAll(async () => {
    await getBrowser();
  });
  afterAll(async () => {
    await closeBrowser();
  });

  it("shows the admin the admin menu and the agent only the everyday pages", async () => {
    const adminContext = await newContext();
    const admin = await adminContext.newPage();
    await login(admin, demo.admin, demo.password);
    await expect.poll(() => nav(admin).getByRole("link", { name: "Usuários" }).isVisible()).toBe(true);
    await expect.poll(() => nav(admin).getByRole("link", { name: "Configurações" }).first().isVisible()).toBe(true);
    await screenshot(admin, "foundation-admin-menu");

    const agentContext = await newContext();
    const agent = await agentContext.newPage();
    await login(agent, demo.agents[0], demo.password);
    await expect.poll(() => nav(agent).getByRole("link", { name: "Atendimentos" }).isVisible()).toBe(true);
    expect(await nav(agent).getByRole("link", { name: "Usuários" }).count()).toBe(0);
    expect(await nav(agent).getByRole("link", { name: "Conexões" }).count()).toBe(0);
    // Typing the address does not get past the server's guard either.
    await agent.goto("/users");
    await agent.waitForURL((url) => url.pathname === "/tickets");
    await screenshot(agent, "foundation-agent-menu");
    await adminContext.close();
    await agentContext.close();
  });

  it("lets the admin create a user, then edit it, with the spec's validation", async () => {
    const context = await newContext();
    const page = await context.newPage();
    await login(page, demo.admin, demo.password);
    await page.goto("/users");
    await page.getByRole("button", { name: "Adicionar usuário" }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByLabel("Nome").fill("J");
    await dialog.getByLabel("Email").fill("not-an-email");
    await dialog.getByLabel("Senha", { exact: true }).fill("123");
    await dialog.getByRole("button", { name: "Adicionar", exact: true }).click();
    await expect.poll(() => dialog.getByText("Muito curto!").first().isVisible()).toBe(true);
    // The one password rule (8+, upper, lower, digit): "123" is refused with it, as signup and reset refuse it.
    await expect.poll(() => dialog.getByLabel("Senha", { exact: true }).getAttribute("aria-invalid")).toBe("true");
    await expect.poll(() => dialog.getByText("Pelo menos 8 caracteres, com letra maiúscula, minúscula e número.").isVisible()).toBe(true);
    await expect.poll(() => dialog.getByText("Email inválido").isVisible()).toBe(true);
    await screenshot(page, "foundation-user-dialog-errors");

    const email = `joana.${Date.now()}@demo.com`;
    await dialog.getByLabel("Nome").fill("Joana Teste");
    await dialog.getByLabel("Email").fill(email);
    await dialog.getByLabel("Senha", { exact: true }).fill("Segredo1");
    // A queue picked in the picker is the form's (conform's), sent with the rest.
    const queues = dialog.getByRole("button", { name: "Filas", exact: true });
    await queues.click();
    const firstQueue = page.getByRole("listbox", { name: "Filas" }).getByRole("option").first();
    const queueName = (await firstQueue.innerText()).trim();
    await firstQueue.click();
    await queues.click();
    await dialog.getByRole("button", { name: "Adicionar", exact: true }).click();
    await expect.poll(() => page.getByRole("dialog").count()).toBe(0);
    await expect.poll(() => page.getByText(email).filter({ visible: true }).first().isVisible()).toBe(true);
    const queuesOf = async () => {
      const listed = (await (await page.request.get(`/api/users?searchParam=${encodeURIComponent(email)}`)).json()) as { users: { email: string; queues: { name: string }[] }[] };
      return listed.users.find((u) => u.email === email)?.queues.map((q) => q.name);
    };
    expect(await queuesOf()).toEqual([queueName]);

    // Edit: rename through the row's edit action, and take the queue away (the last one: none is sent, not the old list).
    await page.getByRole("button", { name: "Editar Joana Teste" }).click();
    await page.getByRole("dialog").getByLabel("Nome").fill("Joana Editada");
    const editQueues = page.getByRole("dialog").getByRole("button", { name: "Filas", exact: true });
    await expect.poll(() => editQueues.innerText()).toContain(queueName);
    await editQueues.click();
    await page.getByRole("listbox", { name: "Filas" }).getByRole("option", { name: queueName }).click();
    await editQueues.click();
    await page.getByRole("dialog").getByRole("button", { name: /salvar/i }).click();
    await expect.poll(() => page.getByText("Joana Editada").filter({ visible: true }).first().isVisible()).toBe(true);
    expect(await queuesOf()).toEqual([]);
    // The new user can log in with the password the admin chose.
    expect(await apiLogin(email, "Segredo1")).toEqual(expect.any(String));
    await context.close();
  });

  it("saves a setting on change and keeps it", async () => {
    const context = await newContext();
    const page = await context.newPage();
    await login(page, demo.admin, demo.password);
    await page.goto("/settings");
    const select = page.getByLabel("Operador visualiza grupos");
    await select.click();
    await page.getByRole("option", { name: "Habilitado" }).click();
    await expect.poll(() => page.getByText("Operação atualizada com sucesso.").first().isVisible()).toBe(true);
    // Read back through the page's own session (a second login would end it: one live session per user).
    const settings = await page.evaluate(() => fetch("/api/settings").then((r) => r.json() as Promise<{ key: string; value: string }[]>));
    expect(settings.find((s) => s.key === "viewgroups")?.value).toBe("enabled");
    await screenshot(page, "foundation-settings");
    await context.close();
  });

  it("switches theme and language, remembers them, and logs out", async () => {
    // A user of its own: the language choice is saved on the user, and other journeys log the demo agents in.
    const email = `lang.${Date.now()}@demo.com`;
    const adminToken = await apiLogin(demo.admin, demo.password);
    const created = await api("POST", "/users", { name: "Lia Idiomas", email, password: "Segredo1", profile: "user" }, adminToken);
    expect(created.status).toBe(201);
    const context = await newContext();
    const page = await context.newPage();
    await login(page, email, "Segredo1");
    const wasDark = await page.evaluate(() => document.documentElement.classList.contains("dark"));
    await page.getByRole("button", { name: wasDark ? "Ativar modo claro" : "Ativar modo escuro" }).click();
    await page.reload();
    expect(await page.evaluate(() => document.documentElement.classList.contains("dark"))).toBe(!wasDark);

    await page.getByRole("button", { name: "Minha conta" }).click();
    await page.getByRole("menuitem", { name: "Perfil" }).click();
    const profile = page.getByRole("dialog");
    await profile.getByLabel("Idioma").click();
    await page.getByRole("option", { name: "English" }).click();
    await profile.getByRole("button", { name: /salvar|save/i }).click();
    const englishNav = page.getByRole("navigation", { name: "Main menu" });
    await expect.poll(() => englishNav.getByRole("link", { name: "Tickets" }).isVisible()).toBe(true);
    // Saved on the user: a reload (server-rendered) comes back in English.
    await page.reload();
    await expect.poll(() => englishNav.getByRole("link", { name: "Tickets" }).isVisible()).toBe(true);
    await screenshot(page, "foundation-english-theme");

    await page.getByRole("button", { name: "My account" }).click();
    await page.getByRole("menuitem", { name: "Log out" }).click();
    await page.waitForURL((url) => url.pathname === "/login");
    await page.goto("/tickets");
    await page.waitForURL((url) => url.pathname === "/login");
    await context.close();
  });

  it("fits a phone: the menu is a drawer and names are shortened", async () => {
    for (const colorScheme of ["light", "dark"] as const) {
      const context = await newContext({ viewport: { width: 390, height: 844 }, colorScheme });
      const page = await context.newPage();
      await login(page, demo.supervisor, demo.password);
      // Under 600 px the drawer starts closed.
      expect(await nav(page).isVisible()).toBe(false);
      await page.getByRole("button", { name: "Expandir menu" }).click();
      // The drawer's code loads when it first opens.
      await expect.poll(() => nav(page).isVisible(), { timeout: 10_000 }).toBe(true);
      await page.waitForTimeout(400); // let the drawer finish sliding in
      await screenshot(page, `foundation-phone-${colorScheme}`);
      await context.close();
    }
  });
});
