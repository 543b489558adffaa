/**
 * The local demo, as data: plain rows per table in insertion order (foreign keys first), with explicit ids so
 * rows can point at each other. Pure: no I/O, no clock, no randomness of its own — the caller passes the time,
 * the password hasher, a uuid generator and the settings catalogue (worker/domain/settings/catalogue.ts).
 *
 * Company 1 "Demo" is the platform company: its settings hold the platform keys (allowregister, viewregister,
 * trial, …) and its admin admin@admin.com is the super admin. Every demo login uses the password 123456.
 * Local demo only: a deployed database is never seeded (see scripts/bootstrap-admin.mjs).
 */

export const DEMO_PASSWORD = "123456";
export const DEMO_COMPANY_ID = 1;
export const SIMULATOR_CONNECTION_ID = 1;
/** Matches the simulator's number for a paired connection 1 (session-host simulatedNumber). */
export const SIMULATOR_NUMBER = "5511900000001";

export const DEMO_USERS = [
  { id: 1, name: "Administrador", email: "admin@admin.com", profile: "admin", super: true, allTicket: "enabled", queues: [1, 2, 3] },
  { id: 2, name: "Carla Mendes", email: "carla@demo.com", profile: "supervisor", super: false, allTicket: "enabled", queues: [1, 2, 3] },
  { id: 3, name: "Ana Souza", email: "ana@demo.com", profile: "user", super: false, allTicket: "disabled", queues: [1, 2] },
  { id: 4, name: "Bruno Lima", email: "bruno@demo.com", profile: "user", super: false, allTicket: "disabled", queues: [2, 3] },
];

export const DEMO_CONTACTS = [
  ["Maria Silva", "5511987654321", "maria.silva@example.com"],
  ["João Pereira", "5521998765432", "joao.pereira@example.com"],
  ["Fernanda Costa", "5531991234567", ""],
  ["Lucas Oliveira", "5541992345678", "lucas@example.com"],
  ["Juliana Santos", "5551993456789", ""],
  ["Rafael Almeida", "5561994567890", "rafael.almeida@example.com"],
  ["Patrícia Rocha", "5571995678901", ""],
  ["Gustavo Ribeiro", "5581996789012", ""],
  ["Camila Martins", "5585997890123", "camila@example.com"],
  ["Thiago Carvalho", "5511988887777", ""],
  ["Beatriz Gomes", "5519981112222", "bia.gomes@example.com"],
  ["Rodrigo Barbosa", "5527982223333", ""],
  ["Larissa Araújo", "5548983334444", ""],
  ["Felipe Cardoso", "5562984445555", "felipe@example.com"],
  ["Aline Teixeira", "5592985556666", ""],
  ["Marcelo Dias", "5511986667777", ""],
  ["Vanessa Moreira", "5531987778888", "vanessa@example.com"],
  ["Eduardo Nunes", "5541988889999", ""],
  ["Tatiane Freitas", "5521989990000", ""],
  ["Ricardo Lopes", "5584981231234", ""],
].map(([name, number, email], i) => ({ id: i + 1, name, number, email }));

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/** YYYY-MM-DD of a date in São Paulo (the demo company's time zone). */
function isoDateInSaoPaulo(date) {
  return new Intl.DateTimeFormat("en-CA", { timeZone: "America/Sao_Paulo", year: "numeric", month: "2-digit", day: "2-digit" }).format(date);
}

const WEEK = [
  ["Segunda-feira", "monday", "08:00", "18:00"],
  ["Terça-feira", "tuesday", "08:00", "18:00"],
  ["Quarta-feira", "wednesday", "08:00", "18:00"],
  ["Quinta-feira", "thursday", "08:00", "18:00"],
  ["Sexta-feira", "friday", "08:00", "18:00"],
  ["Sábado", "saturday", "08:00", "12:00"],
  ["Domingo", "sunday", "", ""],
].map(([weekday, weekdayEn, startTime, endTime]) => ({ weekday, weekdayEn, startTime, endTime }));

/**
 * Ticket scripts: who, where, state, and the conversation. `in` lines come from the contact, `out` lines from
 * the agent (`bot` from the connection's chatbot). Media lines carry a type and a plain-text description
 * (no file is stored for the demo).
 */
const TICKETS = [
  {
    contact: 1, queue: 1, user: 3, status: "open", hoursAgo: 2, unread: 1, tags: [1, 2],
    lines: [
      ["in", "Oi, boa tarde! Queria saber sobre os planos."],
      ["bot", "Você está no setor de Vendas. Digite 1 para Planos e preços ou 2 para falar com um vendedor."],
      ["in", "2"],
      ["out", "Olá, Maria! Sou a Ana, de Vendas. Temos o Plano Básico e o Plano Completo. Quantos atendentes vocês têm?"],
      ["in", "Somos 4 pessoas no atendimento."],
      ["in", "foto-do-orcamento.jpg", "image"],
    ],
    note: [3, "Cliente interessada no Plano Completo; retornar na sexta com a proposta."],
  },
  {
    contact: 2, queue: 2, user: 4, status: "open", hoursAgo: 3, unread: 0, tags: [],
    lines: [
      ["in", "Meu WhatsApp desconectou do sistema."],
      ["out", "Oi, João! Vou verificar a sua conexão agora mesmo."],
      ["in", "Áudio (0:14)", "audio"],
      ["out", "Pode abrir Conexões e ler o QR code de novo, por favor?"],
    ],
  },
  {
    contact: 3, queue: 3, user: 4, status: "open", hoursAgo: 5, unread: 1, tags: [3],
    lines: [
      ["in", "Preciso da segunda via do boleto deste mês."],
      ["out", "Claro, Fernanda! Segue o boleto atualizado."],
      ["out", "boleto-segunda-via.pdf", "application"],
      ["in", "Obrigada! Vou pagar hoje."],
    ],
  },
  {
    contact: 4, queue: 2, user: 3, status: "open", hoursAgo: 6, unread: 0, tags: [],
    lines: [
      ["in", "O técnico pode vir até aqui?"],
      ["in", "image|https://maps.google.com/maps?q=-25.4284,-49.2733|Rua XV de Novembro, 100 - Curitiba", "locationMessage"],
      ["out", "Recebi a localização, Lucas. O técnico passa aí amanhã de manhã."],
    ],
  },
  {
    contact: 5, queue: 1, user: null, status: "pending", hoursAgo: 1, unread: 2, tags: [1],
    lines: [
      ["in", "Boa tarde"],
      ["bot", "Você está no setor de Vendas. Digite 1 para Planos e preços ou 2 para falar com um vendedor."],
      ["in", "1"],
      ["bot", "Nossos planos começam em R$ 79,90 por mês. Digite 1 para o Plano Básico ou 2 para o Plano Completo."],
      ["in", "Quero falar com alguém, por favor."],
    ],
  },
  {
    contact: 6, queue: 2, user: null, status: "pending", hoursAgo: 1.5, unread: 1, tags: [],
    lines: [["in", "O sistema está lento hoje, as mensagens demoram para chegar."]],
  },
  {
    contact: 7, queue: 3, user: null, status: "pending", hoursAgo: 4, unread: 2, tags: [],
    lines: [
      ["in", "BEGIN:VCARD\nVERSION:3.0\nN:Contador;Paulo\nFN:Paulo Contador\nTEL;type=CELL;waid=5571991110000:+55 71 99111-0000\nEND:VCARD", "contactMessage"],
      ["in", "Esse é o contato do meu contador, ele vai tratar das notas fiscais."],
    ],
  },
  {
    contact: 8, queue: null, user: null, status: "pending", hoursAgo: 0.5, unread: 1, tags: [],
    lines: [["in", "Olá, alguém pode me ajudar?"]],
  },
  {
    contact: 9, queue: 1, user: 3, status: "closed", hoursAgo: 26, unread: 0, tags: [4], rating: 3,
    lines: [
      ["in", "Quero assinar o Plano Completo."],
      ["out", "Que ótimo, Camila! Vou gerar o seu cadastro."],
      ["in", "Perfeito, obrigada!"],
      ["out", "Cadastro feito. Qualquer dúvida, é só chamar!"],
    ],
  },
  {
    contact: 10, queue: 2, user: 4, status: "closed", hoursAgo: 30, unread: 0, tags: [], transferredFrom: { queue: 1, user: 3 },
    lines: [
      ["in", "Comprei o plano mas não consigo entrar."],
      ["out", "Oi, Thiago! Vou transferir você para o Suporte."],
      ["out", "Olá, Thiago, aqui é o Bruno do Suporte. Já redefini o seu acesso, pode tentar de novo?"],
      ["in", "Funcionou, valeu!"],
    ],
    note: [4, "Senha redefinida; cliente conseguiu entrar."],
  },
  {
    contact: 11, queue: 3, user: 4, status: "closed", hoursAgo: 50, unread: 0, tags: [], rating: 2,
    lines: [
      ["in", "Vocês aceitam Pix?"],
      ["out", "Aceitamos sim, Beatriz! A chave Pix é o nosso CNPJ."],
      ["in", "comprovante-pix.jpg", "image"],
      ["out", "Pagamento confirmado. Obrigado!"],
    ],
  },
  {
    contact: 12, queue: 2, user: 3, status: "closed", hoursAgo: 72, unread: 0, tags: [5],
    lines: [
      ["in", "Estou insatisfeito, fiquei sem atendimento ontem."],
      ["out", "Sinto muito, Rodrigo. Tivemos uma instabilidade, mas já está resolvida."],
      ["in", "Ok, obrigado pelo retorno."],
    ],
  },
];

/**
 * @param {object} opts
 * @param {Date} opts.now
 * @param {(password: string) => string} opts.hashPassword
 * @param {() => string} opts.uuid
 * @param {{ company: Record<string, string>, platform: Record<string, string> }} opts.settingDefaults  key → default
 * @returns {{ table: string, rows: Record<string, unknown>[] }[]}
 */
export function buildDemo({ now, hashPassword, uuid, settingDefaults }) {
  const t = now.getTime();
  const at = (msAgo) => new Date(t - msAgo);
  const stamp = (msAgo = 0) => ({ createdAt: at(msAgo), updatedAt: at(msAgo) });
  const created = stamp(90 * 24 * HOUR);
  const dueDate = isoDateInSaoPaulo(new Date(t + 365 * 24 * HOUR));
  const companyId = DEMO_COMPANY_ID;

  const plans = [
    {
      id: 1, name: "Plano 1", users: 50, connections: 5, queues: 20, value: 0,
      useCampaigns: true, useSchedules: true, useInternalChat: true, useExternalApi: true, useKanban: true,
      useOpenAi: true, useIntegrations: true, useInternal: true, ...created,
    },
    {
      id: 2, name: "Plano Básico", users: 3, connections: 1, queues: 3, value: 79.9,
      useCampaigns: false, useSchedules: true, useInternalChat: true, useExternalApi: false, useKanban: true,
      useOpenAi: false, useIntegrations: false, useInternal: true, ...created,
    },
  ];

  const companies = [
    {
      id: companyId, name: "Demo", email: "admin@admin.com", phone: "5511999990000", planId: 1, status: true, dueDate,
      recurrence: "MENSAL", campaignsEnabled: true, timezone: "America/Sao_Paulo", schedules: WEEK, ...created,
    },
  ];

  const settingRows = [];
  const setting = (key, value) => settingRows.push({ id: settingRows.length + 1, companyId, key, value, ...created });
  for (const [key, value] of Object.entries(settingDefaults.company)) setting(key, value);
  // Platform keys: registration is open in the local demo so the signup page can be tried.
  const platform = { ...settingDefaults.platform, allowregister: "enabled", viewregister: "enabled", trial: "3" };
  // npm start's fake PSP (worker/testing/fakes/fakePsp.ts), so invoices can be paid through a full Pix flow offline.
  if (process.env.ZAPDESK_FAKE_PSP_URL) {
    Object.assign(platform, {
      pixApiUrl: process.env.ZAPDESK_FAKE_PSP_URL,
      pixClientId: "local-client",
      pixClientSecret: "local-secret",
      pixKey: "pix@zapdesk.local",
      pixMerchantName: "ZAPDESK DEMO",
      pixMerchantCity: "SAO PAULO",
    });
  }
  for (const [key, value] of Object.entries(platform)) setting(key, value);
  // The spec also reads campaignsEnabled as a company setting ('true' when campaigns are on).
  setting("campaignsEnabled", "true");

  const queues = [
    { id: 1, name: "Vendas", color: "#16a34a", orderQueue: 1, greetingMessage: "Você está no setor de Vendas. Escolha uma opção:" },
    { id: 2, name: "Suporte", color: "#2563eb", orderQueue: 2, greetingMessage: "Você está no Suporte. Escolha uma opção:" },
    { id: 3, name: "Financeiro", color: "#d97706", orderQueue: 3, greetingMessage: "Você está no Financeiro. Escolha uma opção:" },
  ].map((q) => ({ ...q, companyId, outOfHoursMessage: "Estamos fora do horário de atendimento. Responderemos assim que possível.", schedules: WEEK, ...created }));

  // Two-level option trees: [id, queueId, parentId, option, title, message]
  const queueOptions = [
    [1, 1, null, "1", "Planos e preços", "Nossos planos começam em R$ 79,90 por mês. Digite 1 para o Plano Básico ou 2 para o Plano Completo."],
    [2, 1, 1, "1", "Plano Básico", "Plano Básico: 3 atendentes, 1 conexão, R$ 79,90 por mês."],
    [3, 1, 1, "2", "Plano Completo", "Plano Completo: 10 atendentes, 5 conexões, campanhas e kanban."],
    [4, 1, null, "2", "Falar com um vendedor", "Um vendedor vai atender você em instantes."],
    [5, 2, null, "1", "Problemas de conexão", "Digite 1 se o WhatsApp desconectou ou 2 se está lento."],
    [6, 2, 5, "1", "WhatsApp desconectado", "Abra Conexões e leia o QR code novamente."],
    [7, 2, 5, "2", "Lentidão", "Um técnico vai verificar a sua conta."],
    [8, 2, null, "2", "Dúvidas de uso", "Conte a sua dúvida que um atendente responde já."],
    [9, 3, null, "1", "Segunda via de boleto", "Informe o CNPJ ou CPF do cadastro."],
    [10, 3, null, "2", "Pagamento via Pix", "Nossa chave Pix é o CNPJ 00.000.000/0001-00."],
    [11, 3, 10, "1", "Enviar comprovante", "Envie a foto do comprovante que confirmamos o pagamento."],
  ].map(([id, queueId, parentId, option, title, message]) => ({ id, companyId, queueId, parentId, option, title, message, ...created }));

  const whatsapps = [
    {
      id: SIMULATOR_CONNECTION_ID, companyId, name: "Simulador", number: SIMULATOR_NUMBER, status: "CONNECTED", qrcode: "",
      retries: 0, isDefault: true, session: "simulator", provider: "simulator",
      greetingMessage: "Olá! Bem-vindo à Demo. Digite o número do setor desejado:",
      complationMessage: "Atendimento finalizado. Obrigado pelo contato!",
      outOfHoursMessage: "Estamos fora do horário de atendimento. Responderemos assim que possível.",
      ratingMessage: "", expiresInactiveMessage: "", expiresTicket: 0, timeUseBotQueues: 0, maxUseBotQueues: 3,
      ...created,
    },
  ];
  const whatsappQueues = queues.map((q) => ({ whatsappId: SIMULATOR_CONNECTION_ID, queueId: q.id, createdAt: created.createdAt }));

  const users = DEMO_USERS.map((u) => ({
    id: u.id, companyId, name: u.name, email: u.email, passwordHash: hashPassword(DEMO_PASSWORD), profile: u.profile,
    super: u.super, allTicket: u.allTicket, online: false, whatsappId: SIMULATOR_CONNECTION_ID, ...created,
  }));
  const userQueues = DEMO_USERS.flatMap((u) => u.queues.map((queueId) => ({ userId: u.id, queueId, createdAt: created.createdAt })));

  const tags = [
    [1, "Lead", "#8b5cf6", 1],
    [2, "Em negociação", "#f97316", 1],
    [3, "Aguardando pagamento", "#eab308", 1],
    [4, "VIP", "#ef4444", 0],
    [5, "Reclamação", "#64748b", 0],
  ].map(([id, name, color, kanban]) => ({ id, companyId, name, color, kanban, userId: 1, ...created }));

  const contacts = DEMO_CONTACTS.map((c) => ({
    id: c.id, companyId, name: c.name, number: c.number, email: c.email, profilePicUrl: "", isGroup: false,
    disableBot: false, active: true, presence: "available", ...stamp((40 + c.id) * 24 * HOUR),
  }));
  const contactCustomFields = [
    { id: 1, companyId, contactId: 1, name: "Empresa", value: "Silva Modas", ...created },
    { id: 2, companyId, contactId: 1, name: "Cliente desde", value: "2021", ...created },
    { id: 3, companyId, contactId: 9, name: "Plano", value: "Completo", ...created },
  ];

  const tickets = [];
  const messages = [];
  const trackings = [];
  const ticketTags = [];
  const notes = [];
  const ratings = [];
  const contactLastInteraction = new Map();

  TICKETS.forEach((script, index) => {
    const ticketId = index + 1;
    const start = script.hoursAgo * HOUR;
    const step = 4 * MINUTE;
    const agent = script.user;
    const firstAgentLine = script.lines.findIndex(([who]) => who === "out");
    const acceptedAgo = firstAgentLine >= 0 ? start - firstAgentLine * step + MINUTE : null;

    script.lines.forEach(([who, body, mediaType = "chat"], n) => {
      const msAgo = start - n * step;
      const fromMe = who !== "in";
      // The last `unread` lines from the contact are still unread.
      const inboundAfter = script.lines.slice(n + 1).filter(([w]) => w === "in").length;
      messages.push({
        id: messages.length + 1,
        wid: `SEED${String(ticketId).padStart(3, "0")}${String(n + 1).padStart(3, "0")}`,
        companyId, ticketId, contactId: script.contact, body, fromMe,
        read: fromMe || inboundAfter >= script.unread,
        mediaType, mediaUrl: null, mediaName: mediaType === "chat" || !/\.\w{2,4}$/.test(body) ? null : body,
        ack: fromMe ? (msAgo > 30 * MINUTE ? 3 : 2) : 0,
        sentByBot: who === "bot",
        queueId: script.queue, userId: who === "out" ? (script.transferredFrom && n < 2 ? script.transferredFrom.user : agent) : null,
        ...stamp(msAgo),
      });
    });
    const lastAgo = start - (script.lines.length - 1) * step;
    const lastLine = script.lines.at(-1);
    const closedAgo = script.status === "closed" ? lastAgo - 2 * MINUTE : null;
    contactLastInteraction.set(script.contact, at(lastAgo));

    tickets.push({
      id: ticketId, uuid: uuid(), companyId, status: script.status, contactId: script.contact,
      whatsappId: SIMULATOR_CONNECTION_ID, userId: agent, queueId: script.queue,
      lastMessage: lastLine[2] === "contactMessage" ? "Contato" : lastLine[1], unreadMessages: script.unread,
      isGroup: false, chatbot: false, fromMe: false, createdAt: at(start), updatedAt: at(closedAgo ?? lastAgo),
    });

    const track = (row) => trackings.push({ id: trackings.length + 1, companyId, ticketId, whatsappId: SIMULATOR_CONNECTION_ID, rated: false, ...row });
    const firstQueue = script.transferredFrom?.queue ?? script.queue;
    track({ action: "create", fromStatus: null, toStatus: "pending", toQueueId: firstQueue, queuedAt: at(start), createdAt: at(start) });
    if (agent && acceptedAgo !== null) {
      const firstAgent = script.transferredFrom?.user ?? agent;
      track({
        action: "accept", fromStatus: "pending", toStatus: "open", toUserId: firstAgent, byUserId: firstAgent,
        fromQueueId: firstQueue, toQueueId: firstQueue, queuedAt: at(start), startedAt: at(acceptedAgo), createdAt: at(acceptedAgo),
      });
      if (script.transferredFrom) {
        const transferAgo = acceptedAgo - 4 * MINUTE;
        track({
          action: "transfer", fromStatus: "open", toStatus: "open", fromUserId: script.transferredFrom.user, toUserId: agent,
          fromQueueId: script.transferredFrom.queue, toQueueId: script.queue, byUserId: script.transferredFrom.user,
          queuedAt: at(start), startedAt: at(acceptedAgo), createdAt: at(transferAgo),
        });
      }
      if (closedAgo !== null) {
        track({
          action: "close", fromStatus: "open", toStatus: "closed", fromUserId: agent, toUserId: agent, byUserId: agent,
          fromQueueId: script.queue, toQueueId: script.queue,
          queuedAt: at(start), startedAt: at(acceptedAgo), finishedAt: at(closedAgo), createdAt: at(closedAgo),
          rated: Boolean(script.rating), ratingAt: script.rating ? at(closedAgo - MINUTE) : null,
        });
      }
    }
    if (script.rating) {
      ratings.push({ id: ratings.length + 1, companyId, ticketId, userId: agent, rate: script.rating, createdAt: at(closedAgo - MINUTE) });
    }
    for (const tagId of script.tags) ticketTags.push({ ticketId, tagId, createdAt: at(start) });
    if (script.note) {
      const [userId, note] = script.note;
      notes.push({ id: notes.length + 1, companyId, note, userId, contactId: script.contact, ticketId, ...stamp(lastAgo) });
    }
  });
  for (const c of contacts) c.lastInteractionAt = contactLastInteraction.get(c.id) ?? null;

  const quickMessages = [
    [1, "ola", "Olá! Obrigado por entrar em contato. Como posso ajudar?", true, 1],
    [2, "pix", "Nossa chave Pix é o CNPJ 00.000.000/0001-00. Depois de pagar, envie o comprovante por aqui.", true, 1],
    [3, "horario", "Atendemos de segunda a sexta, das 8h às 18h, e aos sábados, das 8h às 12h.", true, 1],
    [4, "obrigada", "Obrigada pelo contato! Qualquer dúvida, estou à disposição.", false, 3],
  ].map(([id, shortcode, message, geral, userId]) => ({ id, companyId, shortcode, message, geral, status: true, userId, ...created }));

  return [
    { table: "plans", rows: plans },
    { table: "companies", rows: companies },
    { table: "settings", rows: settingRows },
    { table: "queues", rows: queues },
    { table: "queue_options", rows: queueOptions },
    { table: "whatsapps", rows: whatsapps },
    { table: "whatsapp_queues", rows: whatsappQueues },
    { table: "users", rows: users },
    { table: "user_queues", rows: userQueues },
    { table: "tags", rows: tags },
    { table: "contacts", rows: contacts },
    { table: "contact_custom_fields", rows: contactCustomFields },
    { table: "tickets", rows: tickets },
    // The history before the messages: its triggers open the service episodes the agents' messages are matched to.
    { table: "ticket_trackings", rows: trackings },
    { table: "messages", rows: messages },
    { table: "ticket_tags", rows: ticketTags },
    { table: "ticket_notes", rows: notes },
    { table: "user_ratings", rows: ratings },
    { table: "quick_messages", rows: quickMessages },
  ];
}

/** The session host simulator's starting network (SIMULATOR_FIXTURE): the demo's connection paired, its contacts. */
export function simulatorFixture() {
  return {
    connections: [{ id: SIMULATOR_CONNECTION_ID, status: "CONNECTED", number: SIMULATOR_NUMBER }],
    contacts: DEMO_CONTACTS.map((c) => ({ number: c.number, name: c.name })),
  };
}
