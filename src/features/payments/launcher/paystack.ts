import { loadScript, openHostedPage } from './provider-page';
import type { LaunchOutcome, PaymentLauncher } from './types';
import { paystackOptions } from './options';

interface PaystackPop {
  setup(options: ReturnType<typeof paystackOptions> & { callback: (response: { reference: string }) => void; onClose: () => void }): {
    openIframe(): void;
  };
}

/** Paystack inline popup (real keys), or the test gateway's checkout page (test mode). */
export const paystackLauncher: PaymentLauncher = {
  async launch({ launch }) {
    if (launch.testMode) return openHostedPage(launch.checkoutUrl);
    await loadScript('https://js.paystack.co/v1/inline.js');
    const pop = (window as unknown as { PaystackPop: PaystackPop }).PaystackPop;
    return new Promise<LaunchOutcome>((resolve) => {
      pop
        .setup({
          ...paystackOptions(launch),
          callback: (response) => resolve({ reference: response.reference }),
          onClose: () => resolve(null),
        })
        .openIframe();
    });
  },
};
