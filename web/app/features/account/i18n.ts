/** Texts of the account pages outside the app (password reset, signup), registered as `account` in web/app/i18n/lang/*.ts. */
const ptBR = {
  signup: {
    title: "Cadastrar empresa",
    intro_one: "Experimente grátis por {{count}} dia. Sem cartão de crédito.", intro_other: "Experimente grátis por {{count}} dias. Sem cartão de crédito.",
    closed: "O cadastro de novas empresas está fechado no momento.",
    ownerName: "Seu nome",
    company: "Nome da empresa",
    email: "Email",
    phone: "Telefone",
    password: "Senha",
    plan: "Plano",
    perMonth: "{{value}}/mês",
    users_one: "{{count}} usuário", users_other: "{{count}} usuários",
    connections_one: "{{count}} conexão", connections_other: "{{count}} conexões",
    queues_one: "{{count}} fila", queues_other: "{{count}} filas",
    noPlans: "Nenhum plano disponível para cadastro.",
    submit: "Cadastrar",
    submitting: "Cadastrando…",
    haveAccount: "Já tem uma conta?",
    login: "Entrar",
    choosePlan: "Escolha um plano",
    captcha: "Verificação anti-robô",
  },
  reset: {
    title: "Redefinir senha",
    step1Intro: "Informe o email da sua conta. Enviaremos um código de verificação.",
    step2Intro: "Enviamos um código de verificação para {{email}}. Ele vale por 30 minutos.",
    send: "Enviar Email",
    sending: "Enviando…",
    sent: "Email enviado com sucesso!",
    code: "Código de verificação",
    newPassword: "Nova senha",
    confirmPassword: "Confirme a senha",
    submit: "Redefinir Senha",
    submitting: "Redefinindo…",
    done: "Senha redefinida com sucesso. Entre com a nova senha.",
    otherEmail: "Usar outro email",
    resend: "Reenviar código",
    required: "Campo obrigatório",
    mismatch: "As senhas não correspondem",
    noAccount: "Não tem uma conta?",
    register: "Cadastre-se",
  },
};

export type Texts = typeof ptBR;

/** pt-BR here; each other language in its own file beside it (i18n.en.ts, i18n.es.ts), so the browser loads one. */
export { ptBR };
