// The home page's merchandise teaser (SPEC §2 Home). Prices are the spec's; the cards link out to
// the external print-on-demand store. Art is drawn locally (MerchArt.astro): no image requests.

export type MerchKind = 'tee' | 'hoodie' | 'phone-case' | 'mug' | 'masks'

export interface MerchProduct {
  name: string
  kind: MerchKind
  price: string
  /** Garment colour, print colour and the card's backdrop. */
  colors: { item: string; ink: string; backdrop: string }
  /** Short print on the item. */
  print: string
}

export const MERCH_PRODUCTS: readonly MerchProduct[] = [
  { name: 'Justice For All Tee', kind: 'tee', price: '$26.99', print: 'JUSTICE', colors: { item: '#1c1410', ink: '#f2b233', backdrop: '#f3e3cf' } },
  { name: 'Community Strong Hoodie', kind: 'hoodie', price: '$47.99', print: 'COMMUNITY', colors: { item: '#b3361b', ink: '#fff7ea', backdrop: '#f6dcd2' } },
  { name: 'Voices Phone Case', kind: 'phone-case', price: '$19.99', print: 'VOICES', colors: { item: '#0f766e', ink: '#f6efe6', backdrop: '#d5ece8' } },
  { name: 'Morning Truth Mug', kind: 'mug', price: '$14.99', print: 'TRUTH', colors: { item: '#fffaf2', ink: '#b3361b', backdrop: '#efe4d6' } },
  { name: 'Unity Face Masks (2-Pack)', kind: 'masks', price: '$14.99', print: 'UNITY', colors: { item: '#6f42c1', ink: '#f5c451', backdrop: '#e6dcf5' } },
  { name: 'Speak Truth Statement Tee', kind: 'tee', price: '$23.99', print: 'SPEAK TRUTH', colors: { item: '#fffaf2', ink: '#1c1410', backdrop: '#e9e1d6' } },
  { name: 'Black Joy Tee', kind: 'tee', price: '$26.99', print: 'BLACK JOY', colors: { item: '#198754', ink: '#fff7ea', backdrop: '#d7eedf' } },
  { name: 'Legacy Hoodie', kind: 'hoodie', price: '$47.99', print: 'LEGACY', colors: { item: '#2b2f3a', ink: '#f2b233', backdrop: '#dfe1e8' } },
]

/** The promo's three value props (SPEC §2: shipping, guarantee, exchanges). */
export const MERCH_VALUE_PROPS = [
  { title: 'Free Shipping', text: 'Free shipping on every order over $50.', icon: 'truck' },
  { title: 'Money-Back Guarantee', text: 'Not right? 30-day money-back guarantee.', icon: 'shield' },
  { title: 'Easy Exchanges', text: 'Free exchanges on sizing, no questions asked.', icon: 'swap' },
] as const
