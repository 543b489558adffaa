/**
 * Company 1 "Demo", the platform company: its settings hold the platform keys (allowregister, viewregister, trial,
 * …) and its admin admin@admin.com is the super admin. It sells a customer-service product, so its menus talk
 * about plans. Content only: scripts/seed/demo.mjs turns it into rows. Ids here are the company's own (1, 2, …).
 */

export const DEMO_COMPANY = {
  id: 1,
  name: "Demo",
  email: "admin@admin.com",
  phone: "5511999990000",
  planId: 1,
  platform: true,
  connection: {
    name: "Simulador",
    greetingMessage: "Olá! Bem-vindo à Demo. Digite o número do setor desejado:",
    complationMessage: "Atendimento finalizado. Obrigado pelo contato!",
  },
  outOfHoursMessage: "Estamos fora do horário de atendimento. Responderemos assim que possível.",
  week: [
    ["Segunda-feira", "monday", "08:00", "18:00"],
    ["Terça-feira", "tuesday", "08:00", "18:00"],
    ["Quarta-feira", "wednesday", "08:00", "18:00"],
    ["Quinta-feira", "thursday", "08:00", "18:00"],
    ["Sexta-feira", "friday", "08:00", "18:00"],
    ["Sábado", "saturday", "08:00", "12:00"],
    ["Domingo", "sunday", "", ""],
  ],
  users: [
    { id: 1, name: "Administrador", email: "admin@admin.com", profile: "admin", super: true, allTicket: "enabled", queues: [1, 2, 3] },
    { id: 2, name: "Carla Mendes", email: "carla@demo.com", profile: "supervisor", super: false, allTicket: "enabled", queues: [1, 2, 3] },
    { id: 3, name: "Ana Souza", email: "ana@demo.com", profile: "user", super: false, allTicket: "disabled", queues: [1, 2] },
    { id: 4, name: "Bruno Lima", email: "bruno@demo.com", profile: "user", super: false, allTicket: "disabled", queues: [2, 3] },
  ],
  queues: [
    { id: 1, name: "Vendas", color: "#16a34a", greetingMessage: "Você está no setor de Vendas. Escolha uma opção:" },
    { id: 2, name: "Suporte", color: "#2563eb", greetingMessage: "Você está no Suporte. Escolha uma opção:" },
    { id: 3, name: "Financeiro", color: "#d97706", greetingMessage: "Você está no Financeiro. Escolha uma opção:" },
  ],
  // Two-level option trees: [id, queueId, parentId, option, title, message]
  queueOptions: [
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
  ],
  // [id, name, color, kanban]
  tags: [
    [1, "Lead", "#8b5cf6", 1],
    [2, "Em negociação", "#f97316", 1],
    [3, "Aguardando pagamento", "#eab308", 1],
    [4, "VIP", "#ef4444", 0],
    [5, "Reclamação", "#64748b", 0],
  ],
  // [name, number, email]; contact ids follow this order.
  contacts: [
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
  ],
  // [id, contactId, name, value]
  customFields: [
    [1, 1, "Empresa", "Silva Modas"],
    [2, 1, "Cliente desde", "2021"],
    [3, 9, "Plano", "Completo"],
  ],
  /**
   * Ticket scripts: who, where, state, and the conversation. `in` lines come from the contact, `out` lines from
   * the agent (`bot` from the connection's chatbot). Media lines carry a type and a file name: the seed puts that
   * file (scripts/seed/media/, a voice note's is audio.wav) into the local R2, so the chat shows it.
   */
  tickets: [
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
        ["in", "", "audio"],
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
  ],
  // [id, shortcode, message, geral, userId]
  quickMessages: [
    [1, "ola", "Olá! Obrigado por entrar em contato. Como posso ajudar?", true, 1],
    [2, "pix", "Nossa chave Pix é o CNPJ 00.000.000/0001-00. Depois de pagar, envie o comprovante por aqui.", true, 1],
    [3, "horario", "Atendemos de segunda a sexta, das 8h às 18h, e aos sábados, das 8h às 12h.", true, 1],
    [4, "obrigada", "Obrigada pelo contato! Qualquer dúvida, estou à disposição.", false, 3],
  ],
};
