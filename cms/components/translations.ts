// /cms wording that differs from Payload's English.
//
// Payload's confirmation dialogs (delete, trash, restore) render their message with its
// <Translation> element: the title is put into a template like 'the {{label}} <1>{{title}}</1>',
// and the result is then parsed for <n>…</n> tags. A title that itself contains tags
// ('<b>Bold</b> & <i>x</i>') breaks that parse, and the dialog shows '<1><b>Bold</b>' and '</1>'.
// These templates keep the title outside any tag, so nothing in it can close or open one: the
// dialog shows the title's exact text, in quotation marks instead of bold.
export const adminTranslations = {
  en: {
    general: {
      aboutToDelete: 'You are about to delete the {{label}} “{{title}}”. Are you sure?',
      aboutToPermanentlyDelete: 'You are about to permanently delete the {{label}} “{{title}}”. Are you sure?',
      aboutToRestore: 'You are about to restore the {{label}} “{{title}}”. Are you sure?',
      aboutToRestoreAsDraft: 'You are about to restore the {{label}} “{{title}}” as a draft. Are you sure?',
      aboutToTrash: 'You are about to move the {{label}} “{{title}}” to the trash. Are you sure?',
    },
  },
}
