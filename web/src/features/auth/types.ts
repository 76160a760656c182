export type User = {
  id: string | number;
  username: string;
};

export type LoginResponse = { token?: string; error?: string };
export type RegisterResponse = { token?: string; user?: User };
