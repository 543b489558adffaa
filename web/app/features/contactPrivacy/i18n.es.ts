import type { ptBR } from "./i18n";

export const es: typeof ptBR = {
  title: "Datos personales (LGPD)",
  hint: "Una copia de todo lo que la empresa guarda sobre el contacto, o el borrado de sus datos, a pedido de la persona.",
  export: "Exportar datos",
  exportHint: "Descargar todo sobre el contacto (datos, tickets, mensajes y archivos) en un archivo .zip",
  exported: "Archivo de datos del contacto descargado",
  exportFilePrefix: "datos-contacto",
  erase: "Borrar datos personales",
  eraseTitle: "¿Borrar los datos personales de {{name}}?",
  eraseWhat:
    "El nombre, el número, el correo, los campos, las notas, los textos de los mensajes y los archivos de este contacto se borrarán para siempre. No se puede deshacer.",
  eraseKeeps:
    "Quedan las estadísticas, sin datos personales: los tickets con sus horarios, colas, agentes y valoraciones (el panel no cambia). Si la persona pidió no recibir campañas, el pedido sigue valiendo.",
  eraseNewContact: "Si la persona escribe de nuevo, aparece como un contacto nuevo.",
  eraseConfirmLabel: "Para confirmar, escriba el nombre del contacto o APAGAR",
  eraseConfirm: "Borrar datos",
  erasing: "Borrando… las conversaciones largas tardan unos instantes; puede seguir trabajando.",
  erased_one: "Datos borrados: {{messages}} mensajes de {{count}} ticket",
  erased_other: "Datos borrados: {{messages}} mensajes de {{count}} tickets",
  erasedName: "Contacto borrado",
};
