/** The support chat's controls as a merchant finds them (the chat journeys, a process killed mid-chat). */
import type { Page } from '@playwright/test';

export const supportButton = (page: Page) => page.getByRole('button', { name: 'support', exact: true });
export const panel = (page: Page) => page.getByRole('region', { name: 'support', exact: true });
export const messages = (page: Page, text: string) => page.getByTestId('chat-message').filter({ hasText: text });
