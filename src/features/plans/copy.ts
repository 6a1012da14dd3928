export const PRICING_TITLE = 'Pricing';
export const PRICING_LEAD = 'Every app runs on a monthly plan and is billed by the minutes it is used.';
