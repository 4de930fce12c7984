import { EnquiryForm, enquiryAction } from './EnquiryForm';

export const action = enquiryAction('contact');

export default function ContactPage() {
  return (
    <EnquiryForm
      kind="contact"
      title="Contact Us"
      intro="Questions about an order, a product or a collaboration? Write to us and we answer within two working days."
    />
  );
}
