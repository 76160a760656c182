import { create, type DescMessage, type DescMethodUnary, type MessageInitShape, type MessageShape } from '@bufbuild/protobuf';
import { applyDecorators, type ArgumentMetadata, Injectable, type OnApplicationShutdown, type PipeTransform, type Provider, UsePipes } from '@nestjs/common';
import { BaseRpcContext, ClientProxy, ClientProxyFactory, MessagePattern, Transport } from '@nestjs/microservices';
import { EmptyResponseException } from '@nestjs/microservices/errors/empty-response.exception';
import { rpcSubject } from '@reelsmith/proto';
import { firstValueFrom, timeout, TimeoutError } from 'rxjs';
import { ProtoRequestSerializer, ProtoResponseDeserializer } from './codec';
import { textWithNul } from './contract-text';
import { RpcFailure } from './rpc-error';
import { isDependencyUnavailable, UNAVAILABLE_MESSAGE } from './unavailable';

/** Rejects a request whose payload is not the method's input message, or holds text PostgreSQL cannot store. */
class ContractPipe implements PipeTransform {
  constructor(private readonly input: DescMessage) {}
  transform(value: unknown, _metadata: ArgumentMetadata) {
    if (value instanceof BaseRpcContext) return value;
    if ((value as { $typeName?: string } | undefined)?.$typeName !== this.input.typeName) {
      throw RpcFailure.invalid(`Expected ${this.input.typeName}`);
    }
    const field = textWithNul(value);
    if (field) throw RpcFailure.invalid('Text must not contain NUL characters.', [{ field, message: 'Contains a NUL character' }]);
    return value;
  }
}

/** Marks a controller method as the handler of one contract RPC; its subject derives from the method name. */
export function RpcHandler(method: DescMethodUnary) {
  return applyDecorators(MessagePattern(rpcSubject(method)), UsePipes(new ContractPipe(method.input)));
}

/** Calls contract RPCs over NATS; an absent or silent service becomes UNAVAILABLE (HTTP 503). */
@Injectable()
export class RpcClient implements OnApplicationShutdown {
  constructor(
    private readonly proxy: ClientProxy,
    private readonly timeoutMs: number,
  ) {}

  onApplicationShutdown(): Promise<unknown> {
    return this.close();
  }

  connect(): Promise<unknown> {
    return this.proxy.connect();
  }

  close(): Promise<unknown> {
    return Promise.resolve(this.proxy.close());
  }

  async call<I extends DescMessage, O extends DescMessage>(
    method: DescMethodUnary<I, O>,
    request: MessageInitShape<I>,
    options: { timeoutMs?: number } = {},
  ): Promise<MessageShape<O>> {
    const subject = rpcSubject(method);
    try {
      const reply = await firstValueFrom(this.proxy.send(subject, create(method.input, request)).pipe(timeout(options.timeoutMs ?? this.timeoutMs)));
      if ((reply as { $typeName?: string } | undefined)?.$typeName !== method.output.typeName) {
        throw new Error(`${subject} answered with ${(reply as { $typeName?: string } | undefined)?.$typeName}`);
      }
      return reply as MessageShape<O>;
    } catch (err) {
      if (err instanceof RpcFailure) throw err;
      if (err instanceof TimeoutError || err instanceof EmptyResponseException || isDependencyUnavailable(err)) {
        throw RpcFailure.unavailable(UNAVAILABLE_MESSAGE);
      }
      throw err;
    }
  }
}

/** A client of the contract RPCs over NATS, speaking the proto codec. */
export function createRpcClient(natsUrl: string, timeoutMs: number, name = 'rpc-client'): RpcClient {
  const proxy = ClientProxyFactory.create({
    transport: Transport.NATS,
    options: {
      servers: [natsUrl],
      name,
      maxReconnectAttempts: -1,
      serializer: new ProtoRequestSerializer(),
      deserializer: new ProtoResponseDeserializer(),
    },
  });
  return new RpcClient(proxy, timeoutMs);
}

/** The RpcClient of a service's module (under `provide`), connected before the app starts and closed when it stops. */
export function rpcClientProvider(natsUrl: string, timeoutMs: number, name: string, provide: string | symbol | typeof RpcClient = RpcClient): Provider {
  return {
    provide,
    useFactory: async () => {
      const client = createRpcClient(natsUrl, timeoutMs, name);
      await client.connect();
      return client;
    },
  };
}
