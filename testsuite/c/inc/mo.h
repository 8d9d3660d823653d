#ifndef MO_H
#define MO_H
extern int mo1_data[4]; extern const char mo1_name[]; int mo1_fn(int); int mo1_calls_get(void);
extern int *const mo1_next_data; extern const char *const mo1_prev_name;
extern int mo2_data[4]; extern const char mo2_name[]; int mo2_fn(int); int mo2_calls_get(void);
extern int *const mo2_next_data; extern const char *const mo2_prev_name;
extern int mo3_data[4]; extern const char mo3_name[]; int mo3_fn(int); int mo3_calls_get(void);
extern int *const mo3_next_data; extern const char *const mo3_prev_name;
extern int mo4_data[4]; extern const char mo4_name[]; int mo4_fn(int); int mo4_calls_get(void);
extern int *const mo4_next_data; extern const char *const mo4_prev_name;
extern int mo5_data[4]; extern const char mo5_name[]; int mo5_fn(int); int mo5_calls_get(void);
extern int *const mo5_next_data; extern const char *const mo5_prev_name;
extern int mo6_data[4]; extern const char mo6_name[]; int mo6_fn(int); int mo6_calls_get(void);
extern int *const mo6_next_data; extern const char *const mo6_prev_name;
extern int mo7_data[4]; extern const char mo7_name[]; int mo7_fn(int); int mo7_calls_get(void);
extern int *const mo7_next_data; extern const char *const mo7_prev_name;
extern int mo8_data[4]; extern const char mo8_name[]; int mo8_fn(int); int mo8_calls_get(void);
extern int *const mo8_next_data; extern const char *const mo8_prev_name;
extern int mo9_data[4]; extern const char mo9_name[]; int mo9_fn(int); int mo9_calls_get(void);
extern int *const mo9_next_data; extern const char *const mo9_prev_name;
extern int mo10_data[4]; extern const char mo10_name[]; int mo10_fn(int); int mo10_calls_get(void);
extern int *const mo10_next_data; extern const char *const mo10_prev_name;
#endif
