import { EnquiryForm, enquiryAction } from './EnquiryForm';

export const action = enquiryAction('support');

export default function SupportPage() {
  return (
    <EnquiryForm
      kind="support"
      title="Support"
      intro="Trouble with an order, a delivery or your account? Tell us what happened (with your order number if you have one)."
    />
  );
}
