// The stopword package ships no types: the two exports the SEO engine uses.
declare module 'stopword' {
  export const eng: string[]
  export function removeStopwords(tokens: string[], stopwords?: string[]): string[]
}
