/**
 * Set on a form by its island once React handles the form's events (useZodForm's formRef);
 * until then `client:form` holds submits (site/directives/form.ts).
 */
export const FORM_LIVE_ATTRIBUTE = 'data-live'
