const ptBR = {
  title: "API de mensagens",
  intro:
    "Envie mensagens de texto e mídia pelo WhatsApp a partir de outros sistemas. Cada conexão tem o seu token: gere-o na página Conexões (ele é mostrado uma única vez) e envie-o no cabeçalho Authorization.",
  docs: {
    endpoint: "Endereço",
    headers: "Cabeçalhos",
    authHeader: "token da conexão (obrigatório)",
    idempotencyHeader: "opcional; veja abaixo",
    fields: "Campos",
    numberField: "número com código do país + DDD + número, sem máscara nem caracteres especiais (ex.: 5511999998888)",
    bodyField: "texto da mensagem (obrigatório, exceto quando há arquivos; com arquivos, vai como legenda do primeiro)",
    mediasField: "um ou mais arquivos (apenas multipart/form-data; até {{files}} arquivos de {{mb}} MB)",
    closeTicketField: "opcional; true resolve o ticket depois do envio",
    jsonExample: "Texto (JSON)",
    multipartExample: "Texto + arquivo (multipart/form-data)",
    behaviour: "Como funciona",
    behaviourText:
      "O número é verificado no WhatsApp pela conexão do token. O contato é criado se ainda não existir; se ele já tem um ticket aberto ou aguardando nessa conexão, a mensagem entra nele; senão, é criado um ticket em Aguardando, sem atendente. A mensagem é enfileirada para entrega e aparece no ticket.",
    response: "Resposta (201)",
    idempotency: "Idempotency-Key",
    idempotencyText:
      "Envie um valor único (por exemplo, um UUID) no cabeçalho Idempotency-Key para poder repetir a requisição com segurança: durante 24 horas, a mesma chave nesta conexão devolve a primeira resposta sem enviar de novo (cabeçalho Idempotent-Replayed: true). A mesma chave com outro conteúdo é recusada com 409. Uma requisição recusada não consome a chave.",
    rateLimit: "Limite de uso",
    rateLimitText: "Até {{max}} requisições por minuto por token. Acima disso a resposta é 429 com retryAfter (segundos).",
    errors: "Erros",
    errorsText: "Os erros têm a forma {\"error\": \"ERR_…\", \"message\": \"…\"}; erros de validação trazem fields com o nome de cada campo.",
    status: "Status",
    code: "Código",
    meaning: "Significado",
  },
  test: {
    title: "Testar",
    text: "Mensagem de texto",
    media: "Texto + arquivo",
    token: "Token da conexão",
    tokenHint: "Cole o token gerado na página Conexões. Ele não é salvo.",
    number: "Número",
    numberHint: "Código do país + DDD + número, só dígitos.",
    body: "Mensagem",
    file: "Arquivo",
    idempotencyKey: "Idempotency-Key (opcional)",
    send: "Enviar",
    sending: "Enviando…",
    result: "Resposta",
    replayed: "Resposta repetida (Idempotency-Key já usada)",
    networkError: "Não foi possível chamar a API.",
    required: "Obrigatório",
    digitsOnly: "Só dígitos: código do país + DDD + número",
  },
};

/** pt-BR here; each other language in its own file beside it (i18n.en.ts, i18n.es.ts), so the browser loads one. */
export { ptBR };
