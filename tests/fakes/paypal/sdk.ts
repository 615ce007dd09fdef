/**
 * The fake JS SDK served at /sdk/js: `window.paypal.Buttons(options)` with isEligible() and
 * render(container), drawing two buttons (approve, cancel). Approve runs the page's own
 * createSubscription (whose actions.subscription.create creates the subscription here), the fake
 * approves it as the buyer would, then calls onApprove. An unknown client id defines no Buttons.
 */
export function sdkScript(apiUrl: string, clientId: string, known: boolean): string {
  if (!known) return `window.paypal = window.paypal || {};\nconsole.warn('fake PayPal: unknown client-id');\n`
  return `(() => {
  const api = ${JSON.stringify(apiUrl)};
  const clientId = ${JSON.stringify(clientId)};
  const post = async (path, body) => {
    const res = await fetch(api + path, { method: 'POST', headers: { 'content-type': 'application/json', 'paypal-client-id': clientId }, body: JSON.stringify(body || {}) });
    if (!res.ok) throw new Error('fake PayPal ' + res.status);
    return res.json();
  };
  const Buttons = (options) => ({
    isEligible: () => true,
    render: async (container) => {
      const root = typeof container === 'string' ? document.querySelector(container) : container;
      if (!root) throw new Error('fake PayPal: no container');
      const approve = document.createElement('button');
      approve.type = 'button';
      approve.dataset.fakePaypal = 'approve';
      approve.textContent = 'Subscribe with PayPal';
      const cancel = document.createElement('button');
      cancel.type = 'button';
      cancel.dataset.fakePaypal = 'cancel';
      cancel.textContent = 'Cancel PayPal';
      approve.addEventListener('click', async () => {
        try {
          const actions = { subscription: { create: async (body) => (await post('/v1/billing/subscriptions', body)).id } };
          const subscriptionID = await options.createSubscription({}, actions);
          const approved = await post('/__fake/subscriptions/' + encodeURIComponent(subscriptionID) + '/approve');
          await options.onApprove({ subscriptionID, payerID: approved.subscriber.payer_id, orderID: 'O-' + subscriptionID.slice(2) }, {});
        } catch (error) {
          if (options.onError) options.onError(error); else throw error;
        }
      });
      cancel.addEventListener('click', () => options.onCancel && options.onCancel({}));
      root.append(approve, cancel);
    },
  });
  window.paypal = Object.assign(window.paypal || {}, { Buttons, version: 'fake' });
})();
`
}
