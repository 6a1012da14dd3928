import { loadScript, openHostedPage } from './provider-page';
import type { LaunchOutcome, PaymentLauncher } from './types';
import { flutterwaveOptions } from './options';

type FlutterwaveCheckout = (options: ReturnType<typeof flutterwaveOptions> & { callback: (response: { tx_ref: string }) => void; onclose: () => void }) => {
  close(): void;
};

/** Flutterwave checkout (real keys), or the test gateway's checkout page (test mode). */
export const flutterwaveLauncher: PaymentLauncher = {
  async launch({ launch }) {
    if (launch.testMode) return openHostedPage(launch.checkoutUrl);
    await loadScript('https://checkout.flutterwave.com/v3.js');
    const checkout = (window as unknown as { FlutterwaveCheckout: FlutterwaveCheckout }).FlutterwaveCheckout;
    return new Promise<LaunchOutcome>((resolve) => {
      let settled = false;
      const modal = checkout({
        ...flutterwaveOptions(launch),
        callback: (response) => {
          settled = true;
          // The reference is ours (tx_ref), never flutterwave's own transaction id.
          resolve({ reference: response.tx_ref });
          modal.close();
        },
        onclose: () => {
          if (!settled) resolve(null);
        },
      });
    });
  },
};
