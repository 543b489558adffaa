import {
  BookUser,
  Bot,
  CalendarClock,
  CircleHelp,
  CodeXml,
  ContactRound,
  FolderOpen,
  KeyRound,
  Layers,
  LayoutDashboard,
  ListChecks,
  ListTodo,
  Megaphone,
  MessageSquareText,
  MessagesSquare,
  Rocket,
  ScrollText,
  Send,
  Settings,
  Smartphone,
  SquareKanban,
  Tags,
  Users,
  Wallet,
  WandSparkles,
  Waypoints,
  Webhook,
  Workflow,
  Zap,
  type LucideIcon,
  ShieldCheck,
} from "lucide-react";
import { canOpen, type PageId } from "../../lib/access";
import type { SessionUser } from "../../lib/session-user";

/** The side menu (spec 000 section 2, spec 002 route table). Who sees what is decided by lib/access. */
export type MenuBadge = "connections" | "chats";

export interface MenuLink {
  kind: "link";
  page: PageId;
  to: string;
  labelKey: string;
  icon: LucideIcon;
  badge?: MenuBadge;
  /** The page's title when it is not the menu label (a group's sub-page named only within its group). */
  titleKey?: string;
}

export interface MenuGroup {
  kind: "group";
  page: PageId;
  id: string;
  labelKey: string;
  icon: LucideIcon;
  children: MenuLink[];
}

export type MenuEntry = MenuLink | MenuGroup;

const link = (page: PageId, to: string, labelKey: string, icon: LucideIcon, badge?: MenuBadge, titleKey?: string): MenuLink => ({
  kind: "link",
  page,
  to,
  labelKey,
  icon,
  badge,
  titleKey,
});

export const mainMenu: MenuEntry[] = [
  link("dashboard", "/", "menu.dashboard", LayoutDashboard),
  link("reports", "/reports", "menu.reports", ListChecks),
  link("tickets", "/tickets", "menu.tickets", MessageSquareText),
  link("quick-messages", "/quick-messages", "menu.quickMessages", Zap),
  link("macros", "/macros", "menu.macros", WandSparkles),
  link("kanban", "/kanban", "menu.kanban", SquareKanban),
  link("todolist", "/todolist", "menu.todolist", ListTodo),
  link("contacts", "/contacts", "menu.contacts", ContactRound),
  link("schedules", "/schedules", "menu.schedules", CalendarClock),
  link("tags", "/tags", "menu.tags", Tags),
  link("chats", "/chats", "menu.chats", MessagesSquare, "chats"),
  link("helps", "/helps", "menu.helps", CircleHelp),
];

export const adminMenu: MenuEntry[] = [
  {
    kind: "group",
    page: "campaigns",
    id: "campaigns",
    labelKey: "menu.campaigns",
    icon: Rocket,
    children: [
      link("campaigns", "/campaigns", "menu.campaignsList", Send, undefined, "menu.campaigns"),
      link("campaigns", "/contact-lists", "menu.contactLists", BookUser),
      link("campaigns", "/campaigns-config", "menu.campaignsConfig", ListChecks, undefined, "menu.campaignsConfigTitle"),
    ],
  },
  link("announcements", "/announcements", "menu.announcements", Megaphone),
  link("prompts", "/prompts", "menu.prompts", Bot),
  link("queue-integration", "/queue-integration", "menu.queueIntegration", Workflow),
  link("connections", "/connections", "menu.connections", Smartphone, "connections"),
  link("files", "/files", "menu.files", FolderOpen),
  link("queues", "/queues", "menu.queues", Layers),
  link("automations", "/automations", "menu.automations", Waypoints),
  link("users", "/users", "menu.users", Users),
  link("messages-api", "/messages-api", "menu.messagesApi", CodeXml),
  link("api-tokens", "/api-tokens", "menu.apiTokens", KeyRound),
  link("webhooks", "/webhooks", "menu.webhooks", Webhook),
  link("audit", "/audit", "menu.audit", ScrollText),
  link("financeiro", "/financeiro", "menu.financeiro", Wallet),
  link("settings", "/settings", "menu.settings", Settings),
];

export function visibleMenu(user: SessionUser, entries: MenuEntry[]): MenuEntry[] {
  return entries.filter((entry) => canOpen(user, entry.page));
}

/**
 * The title of the page at a path, as its menu entry names it: /contact-lists/3/contacts is "Listas de contatos",
 * not its access group's "Campanhas". Null for a path no menu entry leads to.
 */
export function titleKeyOfPath(pathname: string): string | null {
  const first = pathname.split("/").filter(Boolean)[0];
  const to = first ? `/${first}` : "/";
  const links = [...mainMenu, ...adminMenu].flatMap((entry) => (entry.kind === "group" ? entry.children : [entry]));
  const found = links.find((l) => l.to === to);
  return found ? (found.titleKey ?? found.labelKey) : null;
}

/** Title and icon of each page, for placeholders and headings. */
export const pageMeta: Record<PageId, { labelKey: string; icon: LucideIcon }> = {
  dashboard: { labelKey: "menu.dashboard", icon: LayoutDashboard },
  reports: { labelKey: "menu.reports", icon: ListChecks },
  tickets: { labelKey: "menu.tickets", icon: MessageSquareText },
  "quick-messages": { labelKey: "menu.quickMessages", icon: Zap },
  macros: { labelKey: "menu.macros", icon: WandSparkles },
  kanban: { labelKey: "menu.kanban", icon: SquareKanban },
  todolist: { labelKey: "menu.todolist", icon: ListTodo },
  contacts: { labelKey: "menu.contacts", icon: ContactRound },
  schedules: { labelKey: "menu.schedules", icon: CalendarClock },
  tags: { labelKey: "menu.tags", icon: Tags },
  chats: { labelKey: "menu.chats", icon: MessagesSquare },
  helps: { labelKey: "menu.helps", icon: CircleHelp },
  campaigns: { labelKey: "menu.campaigns", icon: Rocket },
  announcements: { labelKey: "menu.announcements", icon: Megaphone },
  prompts: { labelKey: "menu.prompts", icon: Bot },
  "queue-integration": { labelKey: "menu.queueIntegration", icon: Workflow },
  connections: { labelKey: "menu.connections", icon: Smartphone },
  files: { labelKey: "menu.files", icon: FolderOpen },
  queues: { labelKey: "menu.queues", icon: Layers },
  users: { labelKey: "menu.users", icon: Users },
  financeiro: { labelKey: "menu.financeiro", icon: Wallet },
  settings: { labelKey: "menu.settings", icon: Settings },
  "messages-api": { labelKey: "menu.messagesApi", icon: CodeXml },
  "api-tokens": { labelKey: "menu.apiTokens", icon: KeyRound },
  webhooks: { labelKey: "menu.webhooks", icon: Webhook },
  automations: { labelKey: "menu.automations", icon: Waypoints },
  audit: { labelKey: "menu.audit", icon: ScrollText },
  subscription: { labelKey: "menu.subscription", icon: Wallet },
  security: { labelKey: "shell.security", icon: ShieldCheck },
};
