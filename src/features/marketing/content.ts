/** The product's selling points, shared by the homepage and the Features page (spec section 1). */
export interface FeatureItem {
  id: 'design' | 'preview' | 'ordering' | 'billing' | 'templates' | 'collaboration' | 'support' | 'offline';
  title: string;
  summary: string;
}

export const FEATURES: readonly FeatureItem[] = [
  {
    id: 'design',
    title: 'Design without code',
    summary:
      'Style every screen of your consumer app and its admin app: splash screen, login, home page, categories, product pages, cart, chat, checkout and order history, with your colours, fonts, buttons and navigation.',
  },
  {
    id: 'preview',
    title: 'Live preview on your phone',
    summary: 'Install the live preview app, scan the QR code shown next to your design, and see each change on a real phone while you work.',
  },
  {
    id: 'ordering',
    title: 'Order your apps',
    summary: 'When the design is ready, order the build. Your apps are built for you and sent to you by e-mail.',
  },
  {
    id: 'billing',
    title: 'Usage-based billing',
    summary:
      'Apps run on a monthly plan and usage is measured in minutes, so a quiet month costs less. Pay by card through Stripe, Flutterwave or Paystack; account credit is used first.',
  },
  {
    id: 'templates',
    title: 'Templates to start from',
    summary: 'Begin from a template for health and beauty, jewellery and accessories, or phones and tablets, or create templates of your own.',
  },
  {
    id: 'collaboration',
    title: 'Design as a team',
    summary: "Invite collaborators to a shop's design. They accept or decline from their notifications and work with the rights you give them.",
  },
  {
    id: 'support',
    title: 'Support while you build',
    summary: 'A support chat is one tap away on every screen once you are signed in.',
  },
  {
    id: 'offline',
    title: 'Install it, use it anywhere',
    summary: 'Install the portal on your phone or desktop. Pages you have opened keep working when the connection drops.',
  },
];

export const STEPS: readonly { title: string; summary: string }[] = [
  { title: 'Set up your shop', summary: 'Enter your business name, logo, address and currency.' },
  { title: 'Choose what you sell', summary: 'Pick your business categories so the preview fills with matching sample products.' },
  { title: 'Design and preview', summary: 'Style each screen and check it live on your phone by scanning a QR code.' },
  { title: 'Order and go live', summary: 'Order the build: your apps arrive by e-mail and are billed by the minutes they run.' },
];

export const REASONS: readonly { title: string; summary: string }[] = [
  { title: 'Your brand, end to end', summary: 'Your name, logo, colours and fonts on every screen your customers see.' },
  { title: 'See it before you order', summary: 'Try every screen on a real phone before a single build is made.' },
  { title: 'Pay for what runs', summary: 'A monthly plan billed by usage, with credit applied before you pay.' },
  { title: 'Built for shop owners', summary: 'No code to write: design, preview and order from one portal.' },
];
