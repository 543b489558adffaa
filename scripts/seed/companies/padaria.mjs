/**
 * Company 2 "Padaria Pão Quente", an ordinary customer of the platform (not the platform company): a neighbourhood
 * bakery in São Paulo on a public plan, taking cake and snack orders, deliveries and payments over WhatsApp. Its rows
 * take ids from its own range like any company that signs up (scripts/seed/demo.mjs adds idRangeStart(2)), so
 * whoever tries the demo, and the e2e journeys, work where customers live. Content only; ids here are the
 * company's own (1, 2, …).
 */

export const PADARIA_COMPANY = {
  id: 2,
  name: "Padaria Pão Quente",
  email: "contato@padaria.demo",
  phone: "5511933334444",
  // The seeded public plan "Plano Profissional" (scripts/seed/demo.mjs PLANS).
  planId: 3,
  platform: false,
  connection: {
    name: "Balcão",
    greetingMessage: "Olá! Bem-vindo à Padaria Pão Quente. Digite o número do setor desejado:",
    complationMessage: "Atendimento finalizado. Obrigado pela preferência!",
  },
  outOfHoursMessage: "A padaria está fechada agora. Responderemos assim que abrirmos.",
  week: [
    ["Segunda-feira", "monday", "06:00", "20:00"],
    ["Terça-feira", "tuesday", "06:00", "20:00"],
    ["Quarta-feira", "wednesday", "06:00", "20:00"],
    ["Quinta-feira", "thursday", "06:00", "20:00"],
    ["Sexta-feira", "friday", "06:00", "20:00"],
    ["Sábado", "saturday", "06:00", "20:00"],
    ["Domingo", "sunday", "07:00", "12:00"],
  ],
  users: [
    { id: 1, name: "Roberto Almeida", email: "admin@padaria.demo", profile: "admin", super: false, allTicket: "enabled", queues: [1, 2, 3] },
    { id: 2, name: "Renata Campos", email: "renata@padaria.demo", profile: "supervisor", super: false, allTicket: "enabled", queues: [1, 2, 3] },
    { id: 3, name: "Luana Ferreira", email: "luana@padaria.demo", profile: "user", super: false, allTicket: "disabled", queues: [1, 2] },
    { id: 4, name: "Diego Martins", email: "diego@padaria.demo", profile: "user", super: false, allTicket: "disabled", queues: [2, 3] },
  ],
  queues: [
    { id: 1, name: "Encomendas", color: "#16a34a", greetingMessage: "Você está em Encomendas. Escolha uma opção:" },
    { id: 2, name: "Entregas", color: "#2563eb", greetingMessage: "Você está em Entregas. Escolha uma opção:" },
    { id: 3, name: "Financeiro", color: "#d97706", greetingMessage: "Você está no Financeiro. Escolha uma opção:" },
  ],
  // Two-level option trees: [id, queueId, parentId, option, title, message]
  queueOptions: [
    [1, 1, null, "1", "Cardápio e preços", "Pão francês a R$ 16,90 o quilo. Digite 1 para Bolos ou 2 para Salgados."],
    [2, 1, 1, "1", "Bolos", "Bolos de festa a partir de R$ 89,90 o quilo, encomendados com 48 horas de antecedência."],
    [3, 1, 1, "2", "Salgados", "Cento de salgados fritos R$ 75,00; assados R$ 85,00."],
    [4, 1, null, "2", "Falar com um atendente", "Um atendente vai falar com você em instantes."],
    [5, 2, null, "1", "Acompanhar pedido", "Digite 1 se o pedido atrasou ou 2 para mudar o endereço."],
    [6, 2, 5, "1", "Pedido atrasado", "Vamos falar com o entregador e já retornamos."],
    [7, 2, 5, "2", "Mudar endereço", "Envie o novo endereço com um ponto de referência."],
    [8, 2, null, "2", "Área de entrega", "Entregamos em até 5 km da loja, de segunda a sábado."],
    [9, 3, null, "1", "Nota fiscal", "Informe o CPF ou CNPJ para a nota."],
    [10, 3, null, "2", "Pagamento via Pix", "Nossa chave Pix é o CNPJ 12.345.678/0001-90."],
    [11, 3, 10, "1", "Enviar comprovante", "Envie a foto do comprovante que confirmamos o pagamento."],
  ],
  // [id, name, color, kanban]
  tags: [
    [1, "Encomenda de festa", "#8b5cf6", 1],
    [2, "Em produção", "#f97316", 1],
    [3, "Aguardando pagamento", "#eab308", 1],
    [4, "Cliente fiel", "#ef4444", 0],
    [5, "Reclamação", "#64748b", 0],
  ],
  // [name, number, email]; contact ids follow this order.
  contacts: [
    ["Cláudia Ramos", "5511973214567", "claudia.ramos@example.com"],
    ["Paulo Henrique Souza", "5511972345678", ""],
    ["Sônia Batista", "5511971456789", ""],
    ["Marcos Vieira", "5511975678123", "marcos.vieira@example.com"],
    ["Helena Duarte", "5511976789234", ""],
    ["Gilberto Rezende", "5511977891345", "gilberto@example.com"],
    ["Denise Farias", "5511978912456", ""],
    ["Wagner Pires", "5511979123567", ""],
    ["Simone Azevedo", "5511974234678", "simone.azevedo@example.com"],
    ["Fábio Monteiro", "5511973345789", ""],
    ["Priscila Lacerda", "5511972456891", "priscila@example.com"],
    ["Anderson Queiroz", "5511971567902", ""],
    ["Rosana Pacheco", "5511976678013", ""],
    ["Leandro Tavares", "5511977789124", "leandro@example.com"],
    ["Cristina Melo", "5511978891235", ""],
    ["Jorge Batalha", "5511979902346", ""],
    ["Kátia Siqueira", "5511974013457", "katia@example.com"],
    ["Renan Figueiredo", "5511973124568", ""],
    ["Daniela Brito", "5511972235679", ""],
    ["Nelson Guimarães", "5511971346781", ""],
  ],
  // [id, contactId, name, value]
  customFields: [
    [1, 1, "Empresa", "Buffet Ramos"],
    [2, 1, "Cliente desde", "2019"],
    [3, 9, "Preferência", "Sem glúten"],
  ],
  /** Ticket scripts, as in companies/demo.mjs. */
  tickets: [
    {
      contact: 1, queue: 1, user: 3, status: "open", hoursAgo: 2, unread: 1, tags: [1, 2],
      lines: [
        ["in", "Bom dia! Vocês fazem bolo para aniversário?"],
        ["bot", "Você está em Encomendas. Digite 1 para Cardápio e preços ou 2 para falar com um atendente."],
        ["in", "2"],
        ["out", "Bom dia, Cláudia! Sou a Luana, de Encomendas. Fazemos sim, com 48 horas de antecedência. Para quantas pessoas?"],
        ["in", "Para umas 30 pessoas, no sábado."],
        ["in", "foto-do-bolo.jpg", "image"],
      ],
      note: [3, "Bolo de 3 kg, recheio de brigadeiro; confirmar o sinal até quinta."],
    },
    {
      contact: 2, queue: 2, user: 4, status: "open", hoursAgo: 3, unread: 0, tags: [],
      lines: [
        ["in", "Meu pedido ainda não chegou, já faz uma hora."],
        ["out", "Oi, Paulo! Vou falar com o entregador agora mesmo."],
        ["in", "", "audio"],
        ["out", "Ele está a duas quadras daí, chega em 5 minutos."],
      ],
    },
    {
      contact: 3, queue: 3, user: 4, status: "open", hoursAgo: 5, unread: 1, tags: [3],
      lines: [
        ["in", "Preciso da nota fiscal das encomendas do mês."],
        ["out", "Claro, Sônia! Segue a nota fiscal."],
        ["out", "nota-fiscal.pdf", "application"],
        ["in", "Obrigada! Vou pagar hoje."],
      ],
    },
    {
      contact: 4, queue: 2, user: 3, status: "open", hoursAgo: 6, unread: 0, tags: [],
      lines: [
        ["in", "O entregador consegue achar o meu endereço?"],
        ["in", "image|https://maps.google.com/maps?q=-23.5614,-46.6559|Avenida Paulista, 1000 - São Paulo", "locationMessage"],
        ["out", "Recebi a localização, Marcos. O seu pedido sai em 20 minutos."],
      ],
    },
    {
      contact: 5, queue: 1, user: null, status: "pending", hoursAgo: 1, unread: 2, tags: [1],
      lines: [
        ["in", "Boa tarde"],
        ["bot", "Você está em Encomendas. Digite 1 para Cardápio e preços ou 2 para falar com um atendente."],
        ["in", "1"],
        ["bot", "Pão francês a R$ 16,90 o quilo. Digite 1 para Bolos ou 2 para Salgados."],
        ["in", "Quero falar com alguém, por favor."],
      ],
    },
    {
      contact: 6, queue: 2, user: null, status: "pending", hoursAgo: 1.5, unread: 1, tags: [],
      lines: [["in", "Vocês entregam no Jardim Europa?"]],
    },
    {
      contact: 7, queue: 3, user: null, status: "pending", hoursAgo: 4, unread: 2, tags: [],
      lines: [
        ["in", "BEGIN:VCARD\nVERSION:3.0\nN:Contador;Carlos\nFN:Carlos Contador\nTEL;type=CELL;waid=5511998887766:+55 11 99888-7766\nEND:VCARD", "contactMessage"],
        ["in", "Esse é o contato do meu contador, ele cuida das notas da empresa."],
      ],
    },
    {
      contact: 8, queue: null, user: null, status: "pending", hoursAgo: 0.5, unread: 1, tags: [],
      lines: [["in", "Olá, vocês estão abertos hoje?"]],
    },
    {
      contact: 9, queue: 1, user: 3, status: "closed", hoursAgo: 26, unread: 0, tags: [4], rating: 3,
      lines: [
        ["in", "Quero encomendar 100 salgados para sexta."],
        ["out", "Que ótimo, Simone! Anotei: 50 coxinhas e 50 empadas."],
        ["in", "Perfeito, obrigada!"],
        ["out", "Encomenda confirmada. Qualquer dúvida, é só chamar!"],
      ],
    },
    {
      contact: 10, queue: 2, user: 4, status: "closed", hoursAgo: 30, unread: 0, tags: [], transferredFrom: { queue: 1, user: 3 },
      lines: [
        ["in", "Fiz uma encomenda, mas quero receber em outro endereço."],
        ["out", "Oi, Fábio! Vou transferir você para Entregas."],
        ["out", "Olá, Fábio, aqui é o Diego, de Entregas. Já mudei o endereço do seu pedido."],
        ["in", "Valeu!"],
      ],
      note: [4, "Endereço de entrega atualizado no pedido."],
    },
    {
      contact: 11, queue: 3, user: 4, status: "closed", hoursAgo: 50, unread: 0, tags: [], rating: 2,
      lines: [
        ["in", "Vocês aceitam Pix?"],
        ["out", "Aceitamos sim, Priscila! A chave Pix é o nosso CNPJ."],
        ["in", "comprovante-pix.jpg", "image"],
        ["out", "Pagamento confirmado. Obrigado!"],
      ],
    },
    {
      contact: 12, queue: 2, user: 3, status: "closed", hoursAgo: 72, unread: 0, tags: [5],
      lines: [
        ["in", "O pão chegou frio ontem."],
        ["out", "Sinto muito, Anderson. Trocamos a embalagem térmica; não vai se repetir."],
        ["in", "Ok, obrigado pelo retorno."],
      ],
    },
  ],
  // [id, shortcode, message, geral, userId]
  quickMessages: [
    [1, "ola", "Olá! Obrigado por falar com a Padaria Pão Quente. Como posso ajudar?", true, 1],
    [2, "pix", "Nossa chave Pix é o CNPJ 12.345.678/0001-90. Depois de pagar, envie o comprovante por aqui.", true, 1],
    [3, "horario", "Abrimos de segunda a sábado, das 6h às 20h, e aos domingos, das 7h às 12h.", true, 1],
    [4, "obrigada", "Obrigada pelo pedido! Qualquer dúvida, estou à disposição.", false, 3],
  ],
};
